/**
 * `fleetroute solve FILE [--format json|solomon|homberger|cvrplib] [--objective distance|vehicles-distance]
 * [--time-limit S] [--seed N]`: builds a plan for a problem file or a benchmark instance through the same
 * search and timing as POST /v1/build, and prints one JSON object
 * `{instance, vehicles, distance, cost, unrouted, unrouted_by_reason, seconds, routes}`. For benchmark files
 * `routes` lists the customer numbers of the file (depot excluded) and `distance` is in the file's convention;
 * `unrouted_by_reason` counts the unrouted jobs per reason code (a job with reasons of two codes counts twice).
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { instanceProblem, type BenchmarkObjective } from '../problem/formats/instance-problem.js';
import { guessInstanceFormat, instanceFormats, type InstanceFormat } from '../problem/formats/instance-formats.js';
import { parseProblem } from '../problem/parse-problem.js';
import type { ReasonCode } from '../problem/unrouted-reason-codes.js';
import { solvePlan } from '../solver/search/plan-operation.js';
import type { UnroutedReason } from '../solver/unrouted/unrouted-reasons.js';

export interface SolveSummary {
  instance: string;
  vehicles: number;
  distance: number;
  cost: number;
  unrouted: number;
  unrouted_by_reason: Partial<Record<ReasonCode, number>>;
  seconds: number;
  routes: string[][];
}

export interface SolveOptions {
  format?: 'json' | InstanceFormat;
  objective?: BenchmarkObjective;
  timeLimitSeconds?: number;
  seed?: number;
  /** Each new best plan's internal cost as the search priced it, and the seconds since the search began. */
  onBest?(cost: number, seconds: number): void;
}

export const SOLVE_USAGE = 'solve FILE [--format json|solomon|homberger|cvrplib] [--objective distance|vehicles-distance] [--time-limit S] [--seed N]';

async function requestOf(path: string, options: SolveOptions): Promise<Record<string, unknown>> {
  const text = await readFile(path, 'utf8');
  const format = options.format ?? (path.endsWith('.json') ? 'json' : guessInstanceFormat(path, text));
  if (format === 'json') {
    const body = JSON.parse(text) as Record<string, unknown>;
    if (options.timeLimitSeconds === undefined) return body;
    return { ...body, settings: { ...(body.settings as object | undefined), time_limit_seconds: options.timeLimitSeconds } };
  }
  const instance = instanceFormats[format](text);
  return instanceProblem(instance, options.objective ?? 'vehicles-distance', options.timeLimitSeconds);
}

function countByCode(reasons: readonly UnroutedReason[][]): Partial<Record<ReasonCode, number>> {
  const counts: Partial<Record<ReasonCode, number>> = {};
  for (const codes of reasons.map((job) => new Set(job.map((reason) => reason.code)))) {
    for (const code of codes) counts[code] = (counts[code] ?? 0) + 1;
  }
  return counts;
}

/** Solves one file; the summary's numbers come from the timed plan, unrounded. */
export async function solveFile(path: string, options: SolveOptions = {}): Promise<SolveSummary> {
  const started = performance.now();
  const problem = parseProblem(await requestOf(path, options));
  const context = { signal: new AbortController().signal, reportProgress: () => undefined };
  const { planned, timing, unrouted, reasons } = await solvePlan(problem, 'build', context, { seed: options.seed, onBest: options.onBest });
  const used = timing.routes.map((route, index) => ({ route, index })).filter(({ route }) => route.jobCount > 0);
  return {
    instance: problem.id ?? path,
    vehicles: used.length,
    distance: used.reduce((sum, { route }) => sum + route.distance, 0),
    cost: used.reduce((sum, { route }) => sum + route.cost, 0),
    unrouted: unrouted.length,
    unrouted_by_reason: countByCode(reasons ?? []),
    seconds: (performance.now() - started) / 1000,
    routes: used.map(({ index }) => planned.routes[index]!.visits.flatMap((visit) => (visit.kind === 'job' ? [visit.job.id] : []))),
  };
}

function optionsOf(values: Record<string, string | undefined>): SolveOptions {
  const options: SolveOptions = {};
  if (values.format !== undefined) {
    if (values.format !== 'json' && !(values.format in instanceFormats)) throw new Error(`unknown --format ${values.format}`);
    options.format = values.format as SolveOptions['format'];
  }
  if (values.objective !== undefined) {
    if (values.objective !== 'distance' && values.objective !== 'vehicles-distance') throw new Error(`unknown --objective ${values.objective}`);
    options.objective = values.objective;
  }
  if (values['time-limit'] !== undefined) {
    options.timeLimitSeconds = Number(values['time-limit']);
    if (!(options.timeLimitSeconds > 0)) throw new Error('--time-limit must be a positive number of seconds');
  }
  if (values.seed !== undefined) {
    options.seed = Number(values.seed);
    if (!Number.isInteger(options.seed)) throw new Error('--seed must be an integer');
  }
  return options;
}

/** The `solve` command: prints the summary as one JSON line on `out`; returns the exit code. */
export async function runSolveCommand(args: string[], out: { write(text: string): unknown }): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args, allowPositionals: true,
      options: { format: { type: 'string' }, objective: { type: 'string' }, 'time-limit': { type: 'string' }, seed: { type: 'string' } },
    });
    if (parsed.positionals.length !== 1) throw new Error('one FILE expected');
    const summary = await solveFile(parsed.positionals[0]!, optionsOf(parsed.values));
    out.write(`${JSON.stringify(summary)}\n`);
    return 0;
  } catch (error) {
    out.write(`${JSON.stringify({ error: (error as Error).message, usage: `fleetroute ${SOLVE_USAGE}` })}\n`);
    return 1;
  }
}
