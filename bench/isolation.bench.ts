/**
 * Latency-sensitive requests beside batch work (docs/isolation.md), measured in one run per deployment:
 * `/v1/path` throughput and p99 alone, then again while four clients stream builds of one second each
 * (`settings.time_limit_seconds: 1`, wait=1, a new one as soon as the last answered). Target: under the builds,
 * at least half the solo throughput and a p99 of at most 30 ms. The server runs in a process of its own, so the
 * load generator does not share its HTTP thread; `measureIsolation` takes any server starter.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { seededRandom } from '../src/common/seeded-random.js';
import { townPoint } from './demo-town-points.js';
import { report } from './report.js';
import { startServerProcess, type RunningBenchServer, type StartBenchServer } from './server-process.js';

const durationSeconds = Number(process.env.BENCH_ISOLATION_SECONDS ?? 10);
/** Path clients, as in the path-http bench. */
const connections = 8;
const buildClients = 4;
const buildJobs = 40;
const buildRoutes = 3;
/** Lets the build clients fill the task lane before the loaded path measurement starts. */
const buildRampUpMs = 2000;
const target = { ratio: 0.5, p99Ms: 30 };

function pathBodies(count: number): string[] {
  const random = seededRandom(7);
  return Array.from({ length: count }, () => JSON.stringify({ routes: [{ stops: [{ location: townPoint(random) }, { location: townPoint(random) }] }] }));
}

function buildBody(seed: number): string {
  const random = seededRandom(seed);
  const jobs = Array.from({ length: buildJobs }, (_, index) => ({ id: `j${index}`, location: townPoint(random), time_on_site: '00:05' }));
  const routes = Array.from({ length: buildRoutes }, (_, index) => ({ id: `r${index}`, location: townPoint(random) }));
  return JSON.stringify({ jobs, routes, settings: { time_limit_seconds: 1 } });
}

interface PathLoad {
  requestsPerSecond: number;
  p99Ms: number;
  failures: number;
}

async function pathLoad(server: RunningBenchServer, seconds: number): Promise<PathLoad> {
  const bodies = pathBodies(4096);
  let next = 0;
  const result = await autocannon({
    url: `${server.url}/v1/path`,
    connections,
    pipelining: 1,
    duration: seconds,
    headers: server.headers,
    requests: [{ method: 'POST', setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }) }],
  });
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, failures: result.non2xx + result.errors };
}

/** Clients each posting a build with wait=1 (following its redirects) until stopped; counts builds answered. */
function streamBuilds(server: RunningBenchServer): { stop(): Promise<{ completed: number; failed: number }> } {
  let running = true;
  let completed = 0;
  let failed = 0;
  const client = async (seed: number) => {
    const body = buildBody(seed);
    while (running) {
      const response = await fetch(`${server.url}/v1/build?wait=1`, { method: 'POST', headers: server.headers, body });
      await response.arrayBuffer();
      if (response.status === 200) completed++;
      else failed++;
    }
  };
  const clients = Array.from({ length: buildClients }, (_, index) => client(index + 1));
  return {
    async stop() {
      running = false;
      await Promise.all(clients);
      return { completed, failed };
    },
  };
}

/** Solo, then under the build stream, against the server `start` runs; one report line named after `label`. */
export async function measureIsolation(label: string, start: StartBenchServer): Promise<void> {
  const server = await start();
  try {
    await pathLoad(server, 2);
    const solo = await pathLoad(server, durationSeconds);
    const builds = streamBuilds(server);
    await new Promise((resolve) => setTimeout(resolve, buildRampUpMs));
    const loaded = await pathLoad(server, durationSeconds);
    const built = await builds.stop();
    report(`isolation.${label}`, {
      solo_requests_per_second: Math.round(solo.requestsPerSecond),
      solo_p99_ms: solo.p99Ms,
      loaded_requests_per_second: Math.round(loaded.requestsPerSecond),
      loaded_p99_ms: loaded.p99Ms,
      ratio: +(loaded.requestsPerSecond / solo.requestsPerSecond).toFixed(3),
      builds_completed: built.completed,
      builds_failed: built.failed,
      path_failures: solo.failures + loaded.failures,
      target_ratio: target.ratio,
      target_loaded_p99_ms: target.p99Ms,
    });
  } finally {
    await server.close();
  }
}

export async function run(): Promise<void> {
  const dataDir = join(tmpdir(), 'fleetroute-bench-isolation-cache');
  mkdirSync(dataDir, { recursive: true });
  await measureIsolation('embedded', () => startServerProcess(['--data-dir', dataDir]));
}
