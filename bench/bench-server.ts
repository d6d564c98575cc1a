/**
 * A real server for the HTTP benches, with a bench account: the default demo town, or the map that `args`
 * name (`--map FILE`), whose routing resources are then loaded. Closed when `measure` settles.
 */
import { loadConfig } from '../src/config.js';
import { routingResourceLoader } from '../src/routing/load/routing-resource-loader.js';
import { startServer } from '../src/server/server.js';

export interface BenchServer {
  url: string;
  /** Credentials and the JSON content type, for POST requests. */
  headers: Record<string, string>;
}

export async function withBenchServer(args: string[], dataDir: string, measure: (server: BenchServer) => Promise<void>): Promise<void> {
  const credentials = { username: 'bench', password: 'bench-password' };
  const { config } = loadConfig(['--port', '0', '--data-dir', dataDir, ...args], {
    FLEETROUTE_BOOTSTRAP_USERNAME: credentials.username,
    FLEETROUTE_BOOTSTRAP_PASSWORD: credentials.password,
    FLEETROUTE_LOG_LEVEL: 'silent',
  });
  const server = await startServer(config, { announce: () => {}, ...(args.length > 0 && { resourceLoaders: [routingResourceLoader] }) });
  const authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  try {
    await server.ready;
    await measure({ url: server.url, headers: { authorization, 'content-type': 'application/json' } });
  } finally {
    await server.close();
  }
}
