/**
 * Scale-out on Redis (docs/scale-out.md), measured in one run against the same run's embedded default:
 * - evaluate-task throughput through one API process with one, then two worker processes of one task thread each
 *   (target: ratio ≥ 1.7 on two cores);
 * - the added latency of a trivial task through Redis (`--role all --redis`) against the embedded default
 *   (target: p50 ≤ 3 ms more);
 * - `/v1/path` alone and under the stream of builds of the isolation bench, for `--role all` with Redis and for
 *   separate `api` and `worker` processes.
 * Redis runs with `appendfsync everysec`, its default for append-only files.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '../src/common/seeded-random.js';
import { TestRedis } from '../test/helpers/redis-server.js';
import { townPoint } from './demo-town-points.js';
import { measureIsolation } from './isolation.bench.js';
import { measureCpu } from './process-cpu.js';
import { percentile, report } from './report.js';
import { startServerProcess, type RunningBenchServer, type StartBenchServer } from './server-process.js';

const throughputSeconds = Number(process.env.BENCH_SCALE_SECONDS ?? 10);
const throughputClients = 6;
const latencyRequests = 400;
const latencyWarmUp = 100;
const dataDir = join(tmpdir(), 'fleetroute-bench-scale-cache');

/** An evaluate of 20 routes × 50 jobs on the demo town's roads, the size of a dispatcher's day: its travel matrix (quadratic in the places) is the worker's, its validation (linear) the API's. */
function evaluateBody(seed: number): string {
  const random = seededRandom(seed);
  const routes = Array.from({ length: 20 }, (_, route) => ({
    id: `r${route}`,
    location: townPoint(random),
    jobs: Array.from({ length: 50 }, (_, job) => `j${route}-${job}`),
  }));
  const jobs = routes.flatMap((route) => route.jobs.map((id) => ({ id, location: townPoint(random), time_on_site: '00:03' })));
  return JSON.stringify({ jobs, routes });
}

const trivialBody = JSON.stringify({ jobs: [{ id: 'a', location: '1,0.001' }], routes: [{ id: 'r', location: '1,0', jobs: ['a'] }], settings: { matrix: { durations: [[0, 60], [60, 0]], distances: [[0, 1000], [1000, 0]] } } });

async function evaluate(server: RunningBenchServer, body: string): Promise<void> {
  const response = await fetch(`${server.url}/v1/evaluate?wait=1`, { method: 'POST', headers: server.headers, body });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`evaluate answered ${response.status}`);
}

/**
 * Evaluate tasks answered per second by `clients` clients each posting one after the other, and the cores the
 * API, the workers, Redis and this load generator used meanwhile.
 */
async function evaluateThroughput(server: RunningBenchServer, redis: TestRedis): Promise<{ perSecond: number; cores: Record<string, number> }> {
  const bodies = Array.from({ length: 16 }, (_, seed) => evaluateBody(seed + 1));
  for (const body of bodies.slice(0, 4)) await evaluate(server, body);
  const [api, ...workers] = server.pids;
  const cpu = measureCpu({ api: [api!], workers, redis: [redis.pid!], load_generator: [process.pid] });
  let completed = 0;
  const deadline = Date.now() + throughputSeconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: throughputClients }, async (_, client) => {
      for (let i = client; Date.now() < deadline; i += throughputClients) {
        await evaluate(server, bodies[i % bodies.length]!);
        completed++;
      }
    }),
  );
  return { perSecond: completed / ((performance.now() - started) / 1000), cores: cpu.stop() };
}

/** p50 and p90 of a trivial evaluate task's round trip (wait=1), one request at a time. */
async function trivialTaskLatency(server: RunningBenchServer): Promise<{ p50: number; p90: number }> {
  const times: number[] = [];
  for (let i = 0; i < latencyWarmUp + latencyRequests; i++) {
    const started = performance.now();
    await evaluate(server, trivialBody);
    if (i >= latencyWarmUp) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: +percentile(times, 0.5).toFixed(2), p90: +percentile(times, 0.9).toFixed(2) };
}

/** An API process and `workers` worker processes (one task thread each) on `redis`, closed together. */
function deployment(redis: TestRedis, workers: number): StartBenchServer {
  return async () => {
    const shared = ['--redis', redis.url, '--data-dir', dataDir];
    const api = await startServerProcess(['--role', 'api', ...shared]);
    const started = [api];
    for (let i = 0; i < workers; i++) started.push(await startServerProcess(['--role', 'worker', '--workers', '1', ...shared]));
    return { ...api, pids: started.flatMap((server) => server.pids), close: async () => void (await Promise.all(started.map((server) => server.close()))) };
  };
}

async function withServer<T>(start: StartBenchServer, measure: (server: RunningBenchServer) => Promise<T>): Promise<T> {
  const server = await start();
  try {
    return await measure(server);
  } finally {
    await server.close();
  }
}

export async function run(): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  // Imports the demo town into the cache once, so that no measured process pays for it.
  await withServer(() => startServerProcess(['--data-dir', dataDir]), async () => {});
  const redis = await TestRedis.start('everysec');
  try {
    const one = await withServer(deployment(redis, 1), (server) => evaluateThroughput(server, redis));
    const two = await withServer(deployment(redis, 2), (server) => evaluateThroughput(server, redis));
    report('scale.evaluate_throughput', {
      one_worker_per_second: +one.perSecond.toFixed(1),
      two_workers_per_second: +two.perSecond.toFixed(1),
      ratio: +(two.perSecond / one.perSecond).toFixed(3),
      target_ratio: 1.7,
      ...Object.fromEntries(Object.entries(one.cores).map(([group, cores]) => [`one_worker_cores_${group}`, cores])),
      ...Object.fromEntries(Object.entries(two.cores).map(([group, cores]) => [`two_workers_cores_${group}`, cores])),
    });

    const embedded = await withServer(() => startServerProcess(['--data-dir', dataDir]), trivialTaskLatency);
    const throughRedis = await withServer(() => startServerProcess(['--data-dir', dataDir, '--redis', redis.url]), trivialTaskLatency);
    report('scale.trivial_task_latency', {
      embedded_p50_ms: embedded.p50,
      embedded_p90_ms: embedded.p90,
      redis_p50_ms: throughRedis.p50,
      redis_p90_ms: throughRedis.p90,
      added_p50_ms: +(throughRedis.p50 - embedded.p50).toFixed(2),
      target_added_p50_ms: 3,
    });

    await measureIsolation('embedded', () => startServerProcess(['--data-dir', dataDir]));
    await measureIsolation('all_redis', () => startServerProcess(['--data-dir', dataDir, '--redis', redis.url]));
    await measureIsolation('api_and_worker', deployment(redis, 1));
  } finally {
    await redis.close();
  }
}
