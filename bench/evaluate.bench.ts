/**
 * Evaluate of 100 routes × 50 jobs over HTTP with wait=1, twice: with `settings.matrix` over 500
 * shared places (no map needed), and on the Monaco road network when ../shared/data has it (5,000 places,
 * legs from the routing service; the map is imported once into a cache kept between runs). Reported: the
 * HTTP round trip (p50 of 10 after warm-up) split into the time spent obtaining travel legs and the rest
 * (target for the rest ≤ 100 ms), and the phases of the same evaluation in-process. The legs are timed in this
 * thread after each round trip, by the code the worker runs. Baseline in the same run: JSON.parse +
 * JSON.stringify of the same body, the floor any JSON endpoint pays.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BoundProblem } from '../src/kernels/vrp-bound-problem.js';
import { decodeRoute } from '../src/kernels/vrp-records.js';
import { parseProblem } from '../src/problem/parse-problem.js';
import { planResponse } from '../src/problem/response/plan-response.js';
import { setWorkerResource } from '../src/pool/worker-resources.js';
import { attachServedMaps, ROUTING_RESOURCE } from '../src/routing/load/attach-routing-map.js';
import { loadRoutingMap } from '../src/routing/load/load-routing-map.js';
import { bindAlongLegs, travelLegsOf } from '../src/solver/plan-timing.js';
import { withBenchServer, type BenchServer } from './bench-server.js';
import { report } from './report.js';
import { seededRandom } from '../src/common/seeded-random.js';

const routeCount = 100;
const jobsPerRoute = 50;
const placeCount = 500;
const samples = 10;


const clock = (seconds: number) => {
  const pad = (value: number) => String(Math.floor(value)).padStart(2, '0');
  return `${pad(seconds / 3600)}:${pad((seconds % 3600) / 60)}`;
};

/** Jobs of the routes: 50 per route at random places (by marker id, or latlon text on the road network). */
function routesAndJobs(random: () => number, placeOf: () => string) {
  const jobs: Record<string, unknown>[] = [];
  const routes = Array.from({ length: routeCount }, (_, route) => {
    const ids: string[] = [];
    for (let index = 0; index < jobsPerRoute; index++) {
      const id = `j${route}_${index}`;
      const start = 8 * 3600 + Math.floor(random() * 8) * 3600;
      const job: Record<string, unknown> = { id, location: placeOf(), time_on_site: '00:05', load: 1 };
      if (random() < 0.5) job.time_window = { start: clock(start), end: clock(start + 2 * 3600) };
      jobs.push(job);
      ids.push(id);
    }
    return { id: `r${route}`, location: 'depot', jobs: ids, load_capacity: 60, breaks: [{ id: 'lunch', earliest_start: '12:00', latest_start: '13:00', length: '00:30' }] };
  });
  return { jobs, routes };
}

/** Monaco's streets: every job at its own random point, so the router snaps and routes 5,000 places. */
function roadBody(): Record<string, unknown> {
  const random = seededRandom(7);
  const point = () => `${(43.728 + random() * 0.02).toFixed(6)},${(7.412 + random() * 0.02).toFixed(6)}`;
  return { markers: [{ id: 'depot', location: '43.735700,7.421100' }], ...routesAndJobs(random, point) };
}

export function planBody(): Record<string, unknown> {
  const random = seededRandom(42);
  const points = Array.from({ length: placeCount }, () => [43.7 + random() * 0.1, 7.4 + random() * 0.1] as const);
  const markers = points.map(([lat, lon], index) => ({ id: index === 0 ? 'depot' : `P${index}`, location: `${lat.toFixed(6)},${lon.toFixed(6)}`, is_depot: index === 0 }));
  const metres = (a: number, b: number) => Math.round(Math.hypot(points[a]![0] - points[b]![0], points[a]![1] - points[b]![1]) * 111_000);
  const distances = points.map((_, from) => points.map((__, to) => metres(from, to)));
  const durations = distances.map((row) => row.map((distance) => Math.round((distance / 8.3) * 10) / 10));
  const { jobs, routes } = routesAndJobs(random, () => `P${1 + Math.floor(random() * (placeCount - 1))}`);
  return { markers, jobs, routes, settings: { matrix: { durations, distances } } };
}

function millisecondsOf(work: () => unknown): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/** Each phase of one evaluation in this thread, median of several runs (the first ones warm the JIT up). */
async function inProcessPhases(body: Record<string, unknown>) {
  const runs: Record<'parseMs' | 'travelMs' | 'bindMs' | 'timeMs' | 'respondMs', number>[] = [];
  for (let run = 0; run < 7; run++) {
    let problem = parseProblem(body);
    const parseMs = millisecondsOf(() => (problem = parseProblem(body)));
    const travel = await travelLegsOf(problem);
    let bound: BoundProblem | undefined;
    const bindMs = millisecondsOf(() => (bound = bindAlongLegs(problem, travel)));
    let timed: ReturnType<typeof decodeRoute>[] = [];
    const timeMs = millisecondsOf(() => (timed = problem.routes.map((_, route) => decodeRoute(bound!.timeRoute(route), bound!.kernel.layout, problem.loadMetrics))));
    const respondMs = millisecondsOf(() => JSON.stringify(planResponse(problem, timed)));
    runs.push({ parseMs, travelMs: travel.travelMilliseconds, bindMs, timeMs, respondMs });
  }
  const phase = (name: keyof (typeof runs)[number]) => median(runs.map((run) => run[name]));
  return { parseMs: phase('parseMs'), travelMs: phase('travelMs'), bindMs: phase('bindMs'), timeMs: phase('timeMs'), respondMs: phase('respondMs') };
}

interface HttpSamples {
  totalMs: number;
  legsMs: number;
  restMs: number;
}

/**
 * Medians of the HTTP round trip, of the travel legs of the same problem timed in this thread right after each
 * round trip (the code a worker runs, under the same load at the same moment), and of the difference.
 */
async function httpSamples({ url, headers }: BenchServer, text: string, body: Record<string, unknown>): Promise<HttpSamples> {
  const problem = parseProblem(body);
  const totals: number[] = [];
  const legs: number[] = [];
  for (let sample = -3; sample < samples; sample++) {
    const started = performance.now();
    const response = await fetch(`${url}/v1/evaluate?wait=1`, { method: 'POST', headers, body: text });
    const answer = await response.text();
    if (response.status !== 200) throw new Error(`evaluate answered ${response.status}: ${answer.slice(0, 300)}`);
    const totalMs = performance.now() - started;
    const { travelMilliseconds } = await travelLegsOf(problem);
    if (sample < 0) continue;
    totals.push(totalMs);
    legs.push(travelMilliseconds);
  }
  return { totalMs: median(totals), legsMs: median(legs), restMs: median(totals.map((total, index) => total - legs[index]!)) };
}

const round = (value: number) => +value.toFixed(2);
const targetRestMs = 100;

function reportPhases(name: string, phases: Awaited<ReturnType<typeof inProcessPhases>>): void {
  report(name, {
    parse_ms: round(phases.parseMs), travel_legs_ms: round(phases.travelMs), bind_ms: round(phases.bindMs),
    kernel_timing_ms: round(phases.timeMs), response_ms: round(phases.respondMs),
    rest_ms: round(phases.parseMs + phases.bindMs + phases.timeMs + phases.respondMs), target_rest_ms: targetRestMs,
  });
}

function reportHttp(name: string, http: HttpSamples, text: string): void {
  const baselineMs = millisecondsOf(() => JSON.stringify(JSON.parse(text)));
  report(name, {
    p50_ms: round(http.totalMs), travel_legs_ms: round(http.legsMs), rest_ms: round(http.restMs), target_rest_ms: targetRestMs,
    body_mb: round(text.length / 1e6), baseline_json_roundtrip_ms: round(baselineMs), ratio_to_baseline: round(http.totalMs / baselineMs),
  });
}

/**
 * One plan over HTTP, then its phases in-process. `prepareInProcess` gives this thread what the workers have
 * (the road map), which only exists once the server has imported it.
 */
async function measurePlan(plan: string, body: Record<string, unknown>, args: string[], dataDir: string, prepareInProcess: () => Promise<void>): Promise<void> {
  const text = JSON.stringify(body);
  await withBenchServer(args, dataDir, async (server) => {
    await prepareInProcess();
    reportHttp(`evaluate.http_100x50_${plan}`, await httpSamples(server, text, body), text);
  });
  reportPhases(`evaluate.phases_in_process_${plan}`, await inProcessPhases(body));
}

async function measureMatrixPlan(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleetroute-bench-'));
  try {
    await measurePlan('matrix', planBody(), [], dataDir, async () => {});
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The road-network plan, on Monaco; its map cache stays in the temp folder so that later runs skip the import. */
async function measureRoadPlan(): Promise<void> {
  const map = '../shared/data/osm/monaco.osm.pbf';
  if (!existsSync(map)) {
    console.log(`skipped the road-network plan: ${map} is absent`);
    return;
  }
  const dataDir = join(tmpdir(), 'fleetroute-bench-evaluate-cache');
  mkdirSync(dataDir, { recursive: true });
  await measurePlan('road', roadBody(), ['--map', map], dataDir, async () => {
    const { descriptor } = await loadRoutingMap({ mapFile: map, dataDir });
    setWorkerResource(ROUTING_RESOURCE, attachServedMaps([descriptor]));
  });
}

export async function run(): Promise<void> {
  await measureMatrixPlan();
  await measureRoadPlan();
}
