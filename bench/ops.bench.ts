/**
 * Dispatching operations over HTTP with wait=1, p50 of sequential requests after warm-up:
 * - recommend for one job against 50 routes × 20 jobs (target ≤ 50 ms),
 * - insert of 100 jobs into a 1,000-job plan of 50 routes (target ≤ 1 s),
 *   both with `settings.matrix` over 300 shared places (jobs reference them as markers);
 * - centroids for 20 drivers and 2,000 jobs (target ≤ 2 s) and consolidation of 5,000 jobs (target ≤ 2 s), on
 *   the Monaco road network when ../shared/data has it (the map cache is shared with the evaluate bench).
 * Baseline in the same run: JSON.parse + JSON.stringify of the same body, the floor any JSON endpoint pays; and
 * the operation's validate + run in this thread (in_process_ms), the part that is not HTTP, task or JSON.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOperation } from '../src/operations/registry.js';
import { setWorkerResource } from '../src/pool/worker-resources.js';
import { attachServedMaps, ROUTING_RESOURCE } from '../src/routing/load/attach-routing-map.js';
import { loadRoutingMap } from '../src/routing/load/load-routing-map.js';
import { withBenchServer, type BenchServer } from './bench-server.js';
import { report } from './report.js';
import { sequentialLatencies } from './sequential-client.js';
import { seededRandom } from '../src/common/seeded-random.js';

type Body = Record<string, unknown>;

const placeCount = 300;
const routeCount = 50;
const jobsPerRoute = 20;
const monaco = '../shared/data/osm/monaco.osm.pbf';


/** A 50 × 20 plan on 300 shared places (route starts at the first), and `spare` jobs on no route (jobs carry load 1). */
export function matrixPlan(spare: number, loadCapacity = 40): { plan: Body; spareJobs: Body[] } {
  const random = seededRandom(42);
  const points = Array.from({ length: placeCount }, () => [43.7 + random() * 0.1, 7.4 + random() * 0.1] as const);
  const markers = points.map(([lat, lon], index) => ({ id: `P${index}`, location: `${lat.toFixed(6)},${lon.toFixed(6)}` }));
  const metres = (a: number, b: number) => Math.round(Math.hypot(points[a]![0] - points[b]![0], points[a]![1] - points[b]![1]) * 111_000);
  const distances = points.map((_, from) => points.map((__, to) => metres(from, to)));
  const durations = distances.map((row) => row.map((distance) => Math.round((distance / 8.3) * 10) / 10));
  const job = (id: string) => ({ id, location: `P${1 + Math.floor(random() * (placeCount - 1))}`, time_on_site: '00:05', load: 1 });
  const jobs: Body[] = [];
  const routes = Array.from({ length: routeCount }, (_, route) => {
    const ids = Array.from({ length: jobsPerRoute }, (__, index) => {
      jobs.push(job(`j${route}_${index}`));
      return `j${route}_${index}`;
    });
    return { id: `r${route}`, location: 'P0', jobs: ids, load_capacity: loadCapacity };
  });
  const spareJobs = Array.from({ length: spare }, (_, index) => job(`new${index}`));
  return { plan: { markers, jobs, routes, settings: { matrix: { durations, distances } } }, spareJobs };
}

/** Jobs at random points of Monaco. */
function monacoJobs(count: number, seed: number): Body[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, index) => ({
    id: `m${index}`,
    location: `${(43.728 + random() * 0.02).toFixed(6)},${(7.412 + random() * 0.02).toFixed(6)}`,
    time_on_site: '00:03',
  }));
}

const round = (value: number) => +value.toFixed(2);

export function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/** The operation's validate and run in this thread (median of 5 after warm-up): the share HTTP and JSON do not pay. */
async function inProcessMs(operationName: string, body: Body): Promise<number> {
  const operation = await loadOperation(operationName);
  if (!operation) throw new Error(`no operation ${operationName}`);
  const context = { signal: new AbortController().signal, reportProgress: () => {} };
  const times: number[] = [];
  for (let sample = -2; sample < 5; sample++) {
    const started = performance.now();
    await operation.run(operation.validate(structuredClone(body)), context);
    if (sample >= 0) times.push(performance.now() - started);
  }
  return median(times);
}

async function measure(name: string, server: BenchServer, path: string, body: Body, targetMs: number, samples: number): Promise<void> {
  const text = JSON.stringify(body);
  const started = performance.now();
  JSON.stringify(JSON.parse(text));
  const baselineMs = performance.now() - started;
  const times = await sequentialLatencies(server.url, server.headers, samples, () => ({ method: 'POST', path, body: text }));
  const p50 = times[Math.floor(times.length / 2)]!;
  const operationName = path.slice('/v1/'.length, path.indexOf('?'));
  report(name, { p50_ms: round(p50), in_process_ms: round(await inProcessMs(operationName, body)), target_ms: targetMs,
    body_mb: round(text.length / 1e6), baseline_json_roundtrip_ms: round(baselineMs), ratio_to_baseline: round(p50 / baselineMs) });
}

export async function run(): Promise<void> {
  const dataDir = join(tmpdir(), 'fleetroute-bench-evaluate-cache');
  mkdirSync(dataDir, { recursive: true });
  const hasMap = existsSync(monaco);
  if (!hasMap) console.log(`skipped centroids and consolidation: ${monaco} is absent`);
  await withBenchServer(hasMap ? ['--map', monaco] : [], dataDir, async (server) => {
    const recommend = matrixPlan(1);
    await measure('ops.recommend_1_into_50x20', server, '/v1/recommend?wait=1', { ...recommend.plan, job: recommend.spareJobs[0] }, 50, 10);
    const insert = matrixPlan(100);
    await measure('ops.insert_100_into_1000', server, '/v1/insert?wait=1', { ...insert.plan, jobs_to_insert: insert.spareJobs }, 1000, 5);
    if (!hasMap) return;
    // The map in this thread too, for the in-process share.
    const { descriptor } = await loadRoutingMap({ mapFile: monaco, dataDir });
    setWorkerResource(ROUTING_RESOURCE, attachServedMaps([descriptor]));
    const drivers = Array.from({ length: 20 }, (_, index) => ({ id: `d${index}` }));
    await measure('ops.centroids_20_drivers_2000_jobs', server, '/v1/centroids?wait=1', { jobs: monacoJobs(2000, 3), drivers }, 2000, 5);
    const routes = [{ id: 'r', location: '43.735700,7.421100' }];
    await measure('ops.consolidate_5000_jobs', server, '/v1/consolidate_by_route_assignments?wait=1', { jobs: monacoJobs(5000, 4), routes }, 2000, 5);
  });
}
