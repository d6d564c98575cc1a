/** `fleetroute serve`: runs until SIGINT/SIGTERM, then shuts down gracefully (finish or cancel tasks, exit). */
import type { Config } from '../config.js';
import { startServer } from '../server/server.js';

export async function serve(config: Config): Promise<number> {
  const server = await startServer(config);
  console.log(`Fleetroute listening on ${server.url} (loading; /health turns 200 when ready)`);
  try {
    await server.ready;
  } catch {
    await server.close();
    return 1;
  }
  console.log('Fleetroute is ready');
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  console.log('Shutting down: no new requests, running tasks get a grace period');
  await server.close();
  return 0;
}
