/**
 * `/v1/path` over real HTTP, per OSM extract: authenticated, keep-alive, 10 s of two-stop routes between random
 * points of the extract's main network (a fresh pair per request). OSRM's numbers measured on this machine on the
 * same maps are printed beside ours: about 3,500 route requests/s, 0.59 ms p50. The p50 is of one request at a time;
 * the loaded percentiles are autocannon's under the 8-connection load.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config.js';
import { routingResourceLoader } from '../src/routing/load/routing-resource-loader.js';
import { startServer } from '../src/server/server.js';
import { sharedData, testCacheDir } from '../test/helpers/shared-data.js';
import { mainNetworkPoints } from './main-network-points.js';
import { percentile, report } from './report.js';
import { sequentialLatencies } from './sequential-client.js';

const EXTRACTS = ['monaco', 'andorra', 'liechtenstein', 'baltimore'];
const durationSeconds = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
/** Below the service's request concurrency limit of 10 (docs/api.md, Limits), so no request is refused. */
const connections = 8;
const OSRM = { requestsPerSecond: 3500, p50Ms: 0.59 };
/** autocannon's latencies are whole milliseconds: the p50 comes from one keep-alive client timing each request. */
const sequentialRequests = 2000;

/** Request bodies between random nodes of the main network. */
async function pathBodies(mapFile: string, dataDir: string, count: number): Promise<string[]> {
  const points = await mainNetworkPoints(mapFile, dataDir, 2 * count);
  return Array.from({ length: count }, (_, i) => JSON.stringify({ routes: [{ stops: [{ location: points[2 * i]! }, { location: points[2 * i + 1]! }] }] }));
}

async function measure(name: string, mapFile: string): Promise<void> {
  const dataDir = testCacheDir();
  const home = mkdtempSync(join(tmpdir(), 'fleetroute-bench-'));
  const credentials = { username: 'bench', password: 'bench-password' };
  const { config } = loadConfig(['--port', '0', '--data-dir', dataDir, '--map', mapFile], {
    FLEETROUTE_BOOTSTRAP_USERNAME: credentials.username,
    FLEETROUTE_BOOTSTRAP_PASSWORD: credentials.password,
    FLEETROUTE_USERS_FILE: join(home, 'users.json'),
    FLEETROUTE_LOG_LEVEL: 'silent',
  });
  const server = await startServer(config, { resourceLoaders: [routingResourceLoader], announce: () => {} });
  try {
    await server.ready;
    const bodies = await pathBodies(mapFile, dataDir, 4096);
    let next = 0;
    const url = `${server.url}/v1/path`;
    const headers = {
      authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`,
      'content-type': 'application/json',
    };
    const sequential = await sequentialLatencies(server.url, headers, sequentialRequests, (i) => ({ method: 'POST', path: '/v1/path', body: bodies[i % bodies.length]! }));
    // The same client and server answering an authenticated GET /v1/version: what HTTP alone costs here.
    const baseline = await sequentialLatencies(server.url, { authorization: headers.authorization }, sequentialRequests, () => ({ method: 'GET', path: '/v1/version' }));
    const result = await autocannon({
      url,
      connections,
      pipelining: 1,
      duration: durationSeconds,
      headers,
      requests: [{ method: 'POST', setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }) }],
    });
    report('path_http', {
      map: name,
      requests_per_second: Math.round(result.requests.average),
      p50_ms: +percentile(sequential, 0.5).toFixed(3),
      p99_ms: +percentile(sequential, 0.99).toFixed(3),
      version_p50_ms: +percentile(baseline, 0.5).toFixed(3),
      loaded_p50_ms: result.latency.p50,
      loaded_p99_ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
      connections,
      osrm_requests_per_second: OSRM.requestsPerSecond,
      osrm_p50_ms: OSRM.p50Ms,
    });
  } finally {
    await server.close();
    rmSync(home, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  for (const name of EXTRACTS) {
    const extract = sharedData(`osm/${name}.osm.pbf`);
    if (extract.skip) report('path_http.skipped', { map: name, reason: extract.skip });
    else await measure(name, extract.path);
  }
}
