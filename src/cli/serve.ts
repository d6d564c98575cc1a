/**
 * `fleetroute serve`: runs until SIGINT/SIGTERM, then shuts down gracefully (finish or cancel tasks, exit). SIGHUP
 * loads the map file again and serves it without a restart (docs/routing-service.md, Replacing the map).
 */
import type { Config } from '../config.js';
import { startServer, type RunningServer } from '../server/server.js';

function reloadOnHangUp(server: RunningServer): () => void {
  const reload = (): void => {
    console.log('Reloading the map: the current one serves until the new one is ready');
    server.reloadMap().then(
      () => console.log(`Map reloaded: ${server.state.map?.name ?? 'none'} (${server.state.mapHash})`),
      (error: unknown) => console.error(`The map was not reloaded, the previous one still serves: ${error instanceof Error ? error.message : String(error)}`),
    );
  };
  process.on('SIGHUP', reload);
  return () => process.off('SIGHUP', reload);
}

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
  const stopReloading = reloadOnHangUp(server);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  stopReloading();
  console.log('Shutting down: no new requests, running tasks get a grace period');
  await server.close();
  return 0;
}
