// `npm run bench -- sequence`: how close `sequence` gets to the best order known for a route. Each Solomon
// instance picked is built (distance objective) with a long limit; every route of 10 to 60 jobs of that plan
// is then sent alone to sequence, its jobs reversed and shuffled, and the distance sequence returns is set
// against the built route's (gap; negative when sequence finds a shorter order than the build).
//
// FLEETROUTE_SEQUENCE_BENCH_ONLY (a regular expression) picks instances (default R201, R205, RC201, RC205,
// C201, R101, R109, RC105); FLEETROUTE_SEQUENCE_BENCH_BUDGETS (comma list of seconds, default 1, the
// operation's default budget) the sequence budgets; FLEETROUTE_SEQUENCE_BENCH_BUILD_SECONDS the build's (20).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { instanceFormats } from '../src/problem/formats/instance-formats.js';
import { instanceProblem } from '../src/problem/formats/instance-problem.js';
import { parseProblem } from '../src/problem/parse-problem.js';
import { solvePlan } from '../src/solver/search/plan-operation.js';
import { report } from './report.js';

const solomonDir = resolve(fileURLToPath(import.meta.url), '../../../../shared/data/vrp/solomon');
const DEFAULT_INSTANCES = '^(R201|R205|RC201|RC205|C201|R101|R109|RC105)$';
const SHORTEST = 10;
const LONGEST = 60;
/** Within this share of the built route's distance, sequence has found the order (the mark). */
const CLOSE_ENOUGH = 0.003;

type Body = Record<string, any>;

function context() {
  return { signal: new AbortController().signal, reportProgress: () => undefined };
}

/** A seeded shuffle (xorshift), so that every run sends the same orders. */
function shuffled<T>(values: readonly T[], seed: number): T[] {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13; state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5; state >>>= 0;
    return state / 2 ** 32;
  };
  const copy = [...values];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(next() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/** The instance with only one route, holding `jobIds` in that order. */
function oneRouteBody(body: Body, routeIndex: number, jobIds: string[], seconds: number): Body {
  const kept = new Set(jobIds);
  return {
    ...body,
    jobs: body.jobs.filter((job: Body) => kept.has(job.id)),
    routes: [{ ...body.routes[routeIndex], jobs: jobIds }],
    settings: { ...body.settings, time_limit_seconds: seconds },
  };
}

interface RouteOutcome { gap: number; seconds: number }

async function sequenceRoute(body: Body, routeIndex: number, jobIds: string[], seconds: number, builtDistance: number): Promise<RouteOutcome> {
  const started = performance.now();
  const { timing } = await solvePlan(parseProblem(oneRouteBody(body, routeIndex, jobIds, seconds)), 'sequence', context());
  return { gap: timing.routes[0]!.distance / builtDistance - 1, seconds: (performance.now() - started) / 1000 };
}

async function benchInstance(file: string, budgets: number[], buildSeconds: number, outcomes: Map<number, RouteOutcome[]>): Promise<void> {
  const name = basename(file, '.txt');
  const body = instanceProblem(instanceFormats.solomon(readFileSync(join(solomonDir, file), 'utf8')), 'vehicles-distance', buildSeconds) as Body;
  const { planned, timing } = await solvePlan(parseProblem(body), 'build', context(), { seed: 1 });
  for (const [routeIndex, route] of planned.routes.entries()) {
    const jobIds = route.visits.flatMap((visit) => (visit.kind === 'job' ? [visit.job.id] : []));
    if (jobIds.length < SHORTEST || jobIds.length > LONGEST) continue;
    const builtDistance = timing.routes[routeIndex]!.distance;
    for (const [order, given] of [['reversed', [...jobIds].reverse()], ['shuffled', shuffled(jobIds, routeIndex + 1)]] as const) {
      for (const seconds of budgets) {
        const outcome = await sequenceRoute(body, routeIndex, given, seconds, builtDistance);
        outcomes.get(seconds)!.push(outcome);
        report('sequence.route', {
          instance: name, route: routeIndex, jobs: jobIds.length, order, budgetS: seconds,
          gapPercent: Math.round(outcome.gap * 1e5) / 1e3, seconds: Math.round(outcome.seconds * 100) / 100,
        });
      }
    }
  }
}

export async function run(): Promise<void> {
  if (!existsSync(solomonDir)) {
    report('sequence.skipped', { reason: `${solomonDir} is not on this machine` });
    return;
  }
  const only = new RegExp(process.env.FLEETROUTE_SEQUENCE_BENCH_ONLY ?? DEFAULT_INSTANCES, 'i');
  const budgets = (process.env.FLEETROUTE_SEQUENCE_BENCH_BUDGETS ?? '1').split(',').map(Number);
  const buildSeconds = Number(process.env.FLEETROUTE_SEQUENCE_BENCH_BUILD_SECONDS ?? 20);
  const outcomes = new Map(budgets.map((seconds) => [seconds, [] as RouteOutcome[]]));
  for (const file of readdirSync(solomonDir).sort().filter((item) => only.test(basename(item, '.txt')))) {
    await benchInstance(file, budgets, buildSeconds, outcomes);
  }
  for (const [seconds, list] of outcomes) {
    const gaps = list.map((outcome) => outcome.gap);
    report('sequence.summary', {
      budgetS: seconds, routes: list.length,
      meanGapPercent: list.length === 0 ? null : Math.round((gaps.reduce((sum, gap) => sum + gap, 0) / list.length) * 1e5) / 1e3,
      worstGapPercent: list.length === 0 ? null : Math.round(Math.max(...gaps) * 1e5) / 1e3,
      withinGoal: `${gaps.filter((gap) => gap <= CLOSE_ENOUGH).length}/${list.length}`,
      meanSeconds: list.length === 0 ? null : Math.round((list.reduce((sum, outcome) => sum + outcome.seconds, 0) / list.length) * 100) / 100,
    });
  }
}
