/**
 * A soak: mixed traffic on the demo town for BENCH_SOAK_MINUTES (30 by default) against one server process, its
 * resident memory sampled every BENCH_SOAK_SAMPLE_SECONDS. After warm-up the curve must stay flat: what a
 * request or a finished task allocates is released (finished tasks once their result expires; the soak keeps
 * results for FLEETROUTE_RESULT_TTL_SECONDS = 120 so that expiry happens within the run).
 * Traffic, paced so that the run measures memory, not a saturated machine: one client of `/v1/path` routes,
 * one of 30 × 30 matrices, one of evaluate and build tasks (wait=1), one of geocode tasks.
 */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { seededRandom } from '../src/common/seeded-random.js';
import { townPoint } from './demo-town-points.js';
import { report } from './report.js';
import { startServerProcess, type RunningBenchServer } from './server-process.js';

const minutes = Number(process.env.BENCH_SOAK_MINUTES ?? 30);
const sampleSeconds = Number(process.env.BENCH_SOAK_SAMPLE_SECONDS ?? 30);
/** The first part of the run, where caches fill and the JavaScript heap finds its size, is not judged. */
const warmUpFraction = 0.2;
const resultTtlSeconds = 120;

/** The HTTP thread's heap and the workers' heaps (used), from the server's /metrics, in MB. */
async function heapsMb(server: RunningBenchServer): Promise<{ main: number; workers: number }> {
  const text = await (await fetch(`${server.url}/metrics`, { headers: server.headers })).text();
  const values = (pattern: RegExp) => [...text.matchAll(pattern)].reduce((sum, match) => sum + Number(match[1]), 0) / 1e6;
  return {
    main: values(/^nodejs_heap_size_used_bytes (\S+)$/gm),
    workers: values(/^fleetroute_worker_heap_bytes\{[^}]*kind="used"[^}]*\} (\S+)$/gm),
  };
}

function residentMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith('VmRSS:'))!;
  return Number(line.split(/\s+/)[1]) / 1024;
}

async function post(server: RunningBenchServer, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: server.headers, body: JSON.stringify(body) });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
}

function planBody(random: () => number, jobCount: number): unknown {
  const jobs = Array.from({ length: jobCount }, (_, job) => ({ id: `j${job}`, location: townPoint(random), time_on_site: '00:05' }));
  const routes = Array.from({ length: 3 }, (_, route) => ({ id: `r${route}`, location: townPoint(random) }));
  return { jobs, routes, settings: { time_limit_seconds: 1 } };
}

/** Each client loops until the deadline, at most `perSecond` requests a second; counts what it sent. */
async function paced(deadline: number, perSecond: number, send: (i: number) => Promise<void>): Promise<number> {
  let sent = 0;
  while (Date.now() < deadline) {
    const started = Date.now();
    await send(sent++);
    await sleep(Math.max(0, 1000 / perSecond - (Date.now() - started)));
  }
  return sent;
}

/** Least-squares slope of y over x. */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const covariance = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
  const variance = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  return variance === 0 ? 0 : covariance / variance;
}

export async function run(): Promise<void> {
  const server = await startServerProcess([], { FLEETROUTE_RESULT_TTL_SECONDS: String(resultTtlSeconds) });
  const pid = server.pids[0]!;
  const random = seededRandom(5);
  const samples: Array<[number, number]> = [];
  const started = Date.now();
  const deadline = started + minutes * 60_000;
  const sampler = (async () => {
    while (Date.now() < deadline) {
      const minute = (Date.now() - started) / 60_000;
      samples.push([minute, residentMb(pid)]);
      const heaps = await heapsMb(server);
      report('soak.sample', {
        minute: +minute.toFixed(2), rss_mb: +samples.at(-1)![1].toFixed(1),
        main_heap_mb: +heaps.main.toFixed(1), worker_heaps_mb: +heaps.workers.toFixed(1),
      });
      await sleep(sampleSeconds * 1000);
    }
  })();
  try {
    const [paths, matrices, tasks, geocodes] = await Promise.all([
      paced(deadline, 50, () => post(server, '/v1/path', { routes: [{ stops: [{ location: townPoint(random) }, { location: townPoint(random) }] }] })),
      paced(deadline, 2, () => post(server, '/v1/matrix', { sources: Array.from({ length: 30 }, () => townPoint(random)) })),
      paced(deadline, 1, (i) => post(server, i % 2 === 0 ? '/v1/evaluate?wait=1' : '/v1/build?wait=1', planBody(random, 40))),
      paced(deadline, 2, () => post(server, '/v1/geocode?wait=1', { addresses: [{ query: 'Main Street 12, Lindenau', country: 'CH' }] })),
    ]);
    await sampler;
    const judged = samples.filter(([minute]) => minute >= minutes * warmUpFraction);
    report('soak', {
      minutes,
      paths, matrices, tasks, geocodes,
      rss_after_warm_up_mb: +judged[0]![1].toFixed(1),
      rss_end_mb: +samples.at(-1)![1].toFixed(1),
      rss_max_mb: +Math.max(...judged.map(([, mb]) => mb)).toFixed(1),
      growth_mb_per_hour_after_warm_up: +(slope(judged) * 60).toFixed(1),
    });
  } finally {
    await server.close();
  }
}
