/**
 * Scale-out on Redis (docs/scale-out.md), measured in one run against the same run's embedded default:
 * - evaluate-task throughput through one API process with one, then two worker processes of one task thread each
 *   (target: ratio ≥ 1.7 on two cores), on the demo town and, when the shared extracts are present, on Baltimore,
 *   with the CPU each process spent per task;
 * - the added latency of a trivial task through Redis (`--role all --redis`) against the embedded default
 *   (target: p50 ≤ 3 ms more);
 * - `/v1/path` alone and under the stream of builds of the isolation bench, for `--role all` with Redis and for
 *   separate `api` and `worker` processes.
 * Redis runs with `appendfsync everysec`, its default for append-only files.
 */
import { mkdirSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { seededRandom } from '../src/common/seeded-random.js';
import { TestRedis } from '../test/helpers/redis-server.js';
import { sharedData } from '../test/helpers/shared-data.js';
import { townPoint } from './demo-town-points.js';
import { measureIsolation } from './isolation.bench.js';
import { mainNetworkPoints } from './main-network-points.js';
import { measureCpu } from './process-cpu.js';
import { percentile, report } from './report.js';
import { send } from './sequential-client.js';
import { startServerProcess, type RunningBenchServer, type StartBenchServer } from './server-process.js';

const throughputSeconds = Number(process.env.BENCH_SCALE_SECONDS ?? 10);
const throughputClients = 6;
const latencyRequests = 400;
const latencyWarmUp = 100;
const dataDir = join(tmpdir(), 'fleetroute-bench-scale-cache');

/** Where the evaluate tasks lie: the map the processes serve (none: the demo town) and a source of places on it. */
interface Workload {
  name: string;
  mapArgs: string[];
  place: (random: () => number) => string;
}

/**
 * An evaluate of 20 routes × 50 jobs, the size of a dispatcher's day: its travel matrix (quadratic in the places)
 * is the worker's, its validation (linear) the API's. On the demo town's few streets the matrix is cheap, so the
 * API's share is as large as it gets; on a city's roads the matrix is the larger part, as in a deployment.
 */
function evaluateBody(seed: number, place: (random: () => number) => string): string {
  const random = seededRandom(seed);
  const routes = Array.from({ length: 20 }, (_, route) => ({
    id: `r${route}`,
    location: place(random),
    jobs: Array.from({ length: 50 }, (_, job) => `j${route}-${job}`),
  }));
  const jobs = routes.flatMap((route) => route.jobs.map((id) => ({ id, location: place(random), time_on_site: '00:03' })));
  return JSON.stringify({ jobs, routes });
}

const trivialBody = JSON.stringify({ jobs: [{ id: 'a', location: '1,0.001' }], routes: [{ id: 'r', location: '1,0', jobs: ['a'] }], settings: { matrix: { durations: [[0, 60], [60, 0]], distances: [[0, 1000], [1000, 0]] } } });

/**
 * Posts one evaluate with `wait=1` (following the 302s of a long wait) on node's own http client: the load
 * generator shares the two cores with the processes measured, so it must spend as little as it can.
 */
async function evaluate(server: RunningBenchServer, agent: Agent, body: string): Promise<void> {
  const base = new URL(server.url);
  let answer = await send(agent, base, server.headers, { method: 'POST', path: '/v1/evaluate?wait=1', body });
  while (answer.status === 302 && answer.location) {
    const next = new URL(answer.location, base);
    answer = await send(agent, base, server.headers, { method: 'GET', path: next.pathname + next.search });
  }
  if (answer.status !== 200) throw new Error(`evaluate answered ${answer.status}`);
}

interface Throughput {
  perSecond: number;
  cores: Record<string, number>;
  /** CPU milliseconds each group of processes spent per task. */
  cpuMsPerTask: Record<string, number>;
}

/**
 * Evaluate tasks answered per second by `clients` clients each posting one after the other, and the cores the
 * API, the workers, Redis and this load generator used meanwhile.
 */
async function evaluateThroughput(server: RunningBenchServer, redis: TestRedis, bodies: string[]): Promise<Throughput> {
  const agent = new Agent({ keepAlive: true, maxSockets: throughputClients });
  try {
    for (const body of bodies.slice(0, 4)) await evaluate(server, agent, body);
    const [api, ...workers] = server.pids;
    const cpu = measureCpu({ api: [api!], workers, redis: [redis.pid!], load_generator: [process.pid] });
    let completed = 0;
    const deadline = Date.now() + throughputSeconds * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: throughputClients }, async (_, client) => {
        for (let i = client; Date.now() < deadline; i += throughputClients) {
          await evaluate(server, agent, bodies[i % bodies.length]!);
          completed++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cores = cpu.stop();
    const cpuMsPerTask = Object.fromEntries(Object.entries(cores).map(([group, used]) => [group, +((used * seconds * 1000) / completed).toFixed(1)]));
    return { perSecond: completed / seconds, cores, cpuMsPerTask };
  } finally {
    agent.destroy();
  }
}

/** p50 and p90 of a trivial evaluate task's round trip (wait=1), one request at a time. */
async function trivialTaskLatency(server: RunningBenchServer): Promise<{ p50: number; p90: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  try {
    for (let i = 0; i < latencyWarmUp + latencyRequests; i++) {
      const started = performance.now();
      await evaluate(server, agent, trivialBody);
      if (i >= latencyWarmUp) times.push(performance.now() - started);
    }
  } finally {
    agent.destroy();
  }
  times.sort((a, b) => a - b);
  return { p50: +percentile(times, 0.5).toFixed(2), p90: +percentile(times, 0.9).toFixed(2) };
}

/** An API process and `workers` worker processes (one task thread each) on `redis`, closed together. */
function deployment(redis: TestRedis, workers: number, mapArgs: string[] = []): StartBenchServer {
  return async () => {
    const shared = ['--redis', redis.url, '--data-dir', dataDir, ...mapArgs];
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

/** The demo town, and Baltimore when the shared extracts are present. */
async function workloads(): Promise<Workload[]> {
  const town: Workload = { name: 'demo_town', mapArgs: [], place: townPoint };
  const baltimore = sharedData('osm/baltimore.osm.pbf');
  if (baltimore.skip) {
    console.log(`scale: the Baltimore workload is skipped: ${baltimore.skip}`);
    return [town];
  }
  const mapFile = resolve(baltimore.path);
  const points = await mainNetworkPoints(mapFile, dataDir, 4000);
  return [town, { name: 'baltimore', mapArgs: ['--map', mapFile], place: (random) => points[Math.floor(random() * points.length)]! }];
}

async function measureThroughput(redis: TestRedis, workload: Workload): Promise<void> {
  // Imports the map into the cache once, so that no measured process pays for it.
  await withServer(() => startServerProcess(['--data-dir', dataDir, ...workload.mapArgs]), async () => {});
  const bodies = Array.from({ length: 16 }, (_, seed) => evaluateBody(seed + 1, workload.place));
  const one = await withServer(deployment(redis, 1, workload.mapArgs), (server) => evaluateThroughput(server, redis, bodies));
  const two = await withServer(deployment(redis, 2, workload.mapArgs), (server) => evaluateThroughput(server, redis, bodies));
  const byGroup = (prefix: string, values: Record<string, number>) => Object.fromEntries(Object.entries(values).map(([group, value]) => [`${prefix}_${group}`, value]));
  report(`scale.evaluate_throughput.${workload.name}`, {
    one_worker_per_second: +one.perSecond.toFixed(1),
    two_workers_per_second: +two.perSecond.toFixed(1),
    ratio: +(two.perSecond / one.perSecond).toFixed(3),
    target_ratio: 1.7,
    ...byGroup('one_worker_cores', one.cores),
    ...byGroup('two_workers_cores', two.cores),
    ...byGroup('cpu_ms_per_task', one.cpuMsPerTask),
  });
}

export async function run(): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const redis = await TestRedis.start('everysec');
  try {
    for (const workload of await workloads()) await measureThroughput(redis, workload);

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
