/**
 * Evaluate of 100 routes × 50 jobs over HTTP with wait=1 (issue 5). The travel costs come from
 * `settings.matrix` over 500 shared places, so no map is needed. Reported: the HTTP round trip (p50 of 10
 * after warm-up), and in-process the share spent obtaining travel legs against the rest (target ≤ 100 ms).
 * Baseline in the same run: JSON.parse + JSON.stringify of the same body, the floor any JSON endpoint pays.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.js';
import { BoundProblem } from '../src/kernels/vrp-bound-problem.js';
import { decodeRoute } from '../src/kernels/vrp-records.js';
import { flattenProblem } from '../src/problem/flatten/flatten-problem.js';
import { parseProblem } from '../src/problem/parse-problem.js';
import { planResponse } from '../src/problem/response/plan-response.js';
import { startServer } from '../src/server/server.js';
import { travelMatricesOf } from '../src/solver/plan-timing.js';
import { percentile, report } from './report.js';

const routeCount = 100;
const jobsPerRoute = 50;
const placeCount = 500;
const samples = 10;

/** mulberry32, so every run evaluates the same plan. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), state | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const clock = (seconds: number) => {
  const pad = (value: number) => String(Math.floor(value)).padStart(2, '0');
  return `${pad(seconds / 3600)}:${pad((seconds % 3600) / 60)}`;
};

export function planBody(): Record<string, unknown> {
  const random = seeded(42);
  const points = Array.from({ length: placeCount }, () => [43.7 + random() * 0.1, 7.4 + random() * 0.1] as const);
  const markers = points.map(([lat, lon], index) => ({ id: `P${index}`, location: `${lat.toFixed(6)},${lon.toFixed(6)}`, is_depot: index === 0 }));
  const metres = (a: number, b: number) => Math.round(Math.hypot(points[a]![0] - points[b]![0], points[a]![1] - points[b]![1]) * 111_000);
  const distances = points.map((_, from) => points.map((__, to) => metres(from, to)));
  const durations = distances.map((row) => row.map((distance) => Math.round((distance / 8.3) * 10) / 10));
  const jobs: Record<string, unknown>[] = [];
  const routes = Array.from({ length: routeCount }, (_, route) => {
    const ids: string[] = [];
    for (let index = 0; index < jobsPerRoute; index++) {
      const id = `j${route}_${index}`;
      const start = 8 * 3600 + Math.floor(random() * 8) * 3600;
      const job: Record<string, unknown> = { id, location: `P${1 + Math.floor(random() * (placeCount - 1))}`, time_on_site: '00:05', load: 1 };
      if (random() < 0.5) job.time_window = { start: clock(start), end: clock(start + 2 * 3600) };
      jobs.push(job);
      ids.push(id);
    }
    return { id: `r${route}`, location: 'P0', jobs: ids, load_capacity: 60, breaks: [{ id: 'lunch', earliest_start: '12:00', latest_start: '13:00', length: '00:30' }] };
  });
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
    const { matrices, classOfRoute, travelMilliseconds } = await travelMatricesOf(problem);
    let bound: BoundProblem | undefined;
    const bindMs = millisecondsOf(() => (bound = new BoundProblem(flattenProblem(problem, classOfRoute), matrices)));
    let timed: ReturnType<typeof decodeRoute>[] = [];
    const timeMs = millisecondsOf(() => (timed = problem.routes.map((_, route) => decodeRoute(bound!.timeRoute(route), bound!.kernel.layout, problem.loadMetrics))));
    const respondMs = millisecondsOf(() => JSON.stringify(planResponse(problem, timed)));
    runs.push({ parseMs, travelMs: travelMilliseconds, bindMs, timeMs, respondMs });
  }
  const phase = (name: keyof (typeof runs)[number]) => median(runs.map((run) => run[name]));
  return { parseMs: phase('parseMs'), travelMs: phase('travelMs'), bindMs: phase('bindMs'), timeMs: phase('timeMs'), respondMs: phase('respondMs') };
}

export async function run(): Promise<void> {
  const body = planBody();
  const text = JSON.stringify(body);
  const baselineMs = millisecondsOf(() => JSON.stringify(JSON.parse(text)));
  const dataDir = mkdtempSync(join(tmpdir(), 'fleetroute-bench-'));
  const credentials = { username: 'bench', password: 'bench-password' };
  const { config } = loadConfig(['--port', '0', '--data-dir', dataDir], {
    FLEETROUTE_BOOTSTRAP_USERNAME: credentials.username,
    FLEETROUTE_BOOTSTRAP_PASSWORD: credentials.password,
    FLEETROUTE_LOG_LEVEL: 'silent',
  });
  const server = await startServer(config, { announce: () => {} });
  const authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  try {
    await server.ready;
    const times: number[] = [];
    for (let sample = -3; sample < samples; sample++) {
      const started = performance.now();
      const response = await fetch(`${server.url}/v1/evaluate?wait=1`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: text });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`evaluate answered ${response.status}`);
      if (sample >= 0) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const phases = await inProcessPhases(body);
    const total = percentile(times, 0.5);
    const round = (value: number) => +value.toFixed(2);
    report('evaluate.http_100x50', {
      p50_ms: round(total), body_mb: round(text.length / 1e6), baseline_json_roundtrip_ms: round(baselineMs), ratio_to_baseline: round(total / baselineMs),
    });
    report('evaluate.phases_in_process', {
      parse_ms: round(phases.parseMs), travel_legs_ms: round(phases.travelMs), bind_ms: round(phases.bindMs),
      kernel_timing_ms: round(phases.timeMs), response_ms: round(phases.respondMs),
      rest_ms: round(phases.parseMs + phases.bindMs + phases.timeMs + phases.respondMs), target_rest_ms: 100,
    });
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
