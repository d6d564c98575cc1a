/**
 * HTTP overhead, measured in one run on this machine: authenticated `GET /v1/version` against a bare Fastify
 * hello (same load generator, loopback, keep-alive, 10 s each), and the round trip of a trivial task with wait=1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server/server.js';
import { percentile, report } from './report.js';
import { sequentialLatencies } from './sequential-client.js';

const durationSeconds = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
/** Both servers are measured in alternating slices, so a neighbour's load on this shared machine hits both alike. */
const rounds = 5;
const roundTrips = 2000;

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<number> {
  const result = await autocannon({ url, headers, connections: 10, pipelining: 1, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.total;
}

async function compareWithBareFastify(versionUrl: string, authorization: string): Promise<{ ours: number; bare: number }> {
  const app = Fastify();
  app.get('/hello', async () => ({ hello: 'world' }));
  const bareUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const slice = durationSeconds / rounds;
  let ours = 0;
  let bare = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      bare += await load(`${bareUrl}/hello`, {}, slice);
      ours += await load(versionUrl, { authorization }, slice);
    }
  } finally {
    await app.close();
  }
  return { ours: ours / durationSeconds, bare: bare / durationSeconds };
}

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleetroute-bench-'));
  const credentials = { username: 'bench', password: 'bench-password' };
  const { config } = loadConfig(['--port', '0', '--data-dir', dataDir], {
    FLEETROUTE_BOOTSTRAP_USERNAME: credentials.username,
    FLEETROUTE_BOOTSTRAP_PASSWORD: credentials.password,
    FLEETROUTE_LOG_LEVEL: 'silent',
    FLEETROUTE_MAX_TASKS_PER_ACCOUNT: '1000',
  });
  const echo = new URL('./fixtures/echo-operation.js', import.meta.url).href;
  const server = await startServer(config, { extraOperationModules: [echo], announce: () => {} });
  const authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  try {
    const { ours, bare } = await compareWithBareFastify(`${server.url}/v1/version`, authorization);
    report('http.version_authenticated', { requests_per_second: Math.round(ours), bare_fastify_requests_per_second: Math.round(bare), ratio: +(ours / bare).toFixed(3), target_ratio: 0.6 });
    const times = await sequentialLatencies(server.url, { authorization, 'content-type': 'application/json' }, roundTrips, (i) => ({
      method: 'POST',
      path: '/v1/bench_echo?wait=1',
      body: JSON.stringify({ i }),
    }));
    report('http.task_round_trip', { p50_ms: +percentile(times, 0.5).toFixed(3), p99_ms: +percentile(times, 0.99).toFixed(3), samples: roundTrips, target_p50_ms: 2 });
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
