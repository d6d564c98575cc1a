/**
 * What build, optimize and sequence share: search within the request's time budget, then answer the plan
 * found exactly as evaluate would (the same timing and response code, so evaluate of the result reproduces
 * every number), with the jobs left out as `unrouted_jobs` for build and optimize.
 */
import type { FaultList } from '../../conventions/faults.js';
import { defineOperation } from '../../operations/define-operation.js';
import { routedPlaces } from '../../problem/routed-places.js';
import type { Operation, OperationContext } from '../../operations/operation.js';
import { operationLimits } from '../../operations/operation-limits.js';
import type { SearchMode } from '../../kernels/vrp-search.js';
import type { Job, Problem, Route, RouteVisit } from '../../problem/model.js';
import { normalizeProblem } from '../../problem/parse-problem.js';
import { problemSchema } from '../../problem/schema/problem.js';
import { timePlan, travelMatricesOf, type PlanTiming } from '../plan-timing.js';
import { planResult, planResultViews, type PlanResult } from '../plan-result.js';
import { explainUnrouted, type UnroutedReason } from '../unrouted/unrouted-reasons.js';
import type { PlanSearchOptions, PlanSearchResult, SearchTravel } from './plan-search.js';
import { searchWithThreads } from './search-threads.js';

/** Defaults of `settings.time_limit_seconds` (docs/api.md, Problem fields). */
const defaultTimeLimits: Record<SearchMode, number> = { build: 10, optimize: 3, sequence: 1 };
function solveThreads(): number {
  return operationLimits().solveThreads;
}

/**
 * The problem of build, optimize and sequence: a `settings.time_limit_seconds` above the configured maximum
 * (FLEETROUTE_MAX_TIME_LIMIT_SECONDS) is a validation fault, reported with the problem's other faults.
 */
function readPlanProblem(body: unknown, faults: FaultList): Problem | undefined {
  const problem = normalizeProblem(body, faults);
  const requested = problem?.settings.timeLimitSeconds;
  const { maxTimeLimitSeconds } = operationLimits();
  if (requested !== undefined && requested > maxTimeLimitSeconds) {
    faults.add('request.settings.time_limit_seconds', {
      code: 'value_out_of_range_error',
      message: `Expected at most ${maxTimeLimitSeconds} seconds, this server's maximum`,
      parameters: { exclusive_minimum: 0, maximum: maxTimeLimitSeconds },
    }, requested);
  }
  return problem;
}

function timeLimitOf(problem: Problem, mode: SearchMode): number {
  return Math.min(problem.settings.timeLimitSeconds ?? defaultTimeLimits[mode], operationLimits().maxTimeLimitSeconds);
}

/** One visit as the kernels write it: a job index, or −(place + 1) for a depot visit. */
function visitOf(problem: Problem, code: number): RouteVisit {
  return code >= 0 ? { kind: 'job', job: problem.jobs[code]! } : { kind: 'depot', place: problem.places[-code - 1]! };
}

/** The problem with each route making the given visits in order (and nothing else). */
export function withRouteOrder(problem: Problem, order: readonly (readonly number[])[]): Problem {
  const routes: Route[] = problem.routes.map((route, index) => ({
    ...route,
    visits: order[index]!.map((code) => visitOf(problem, code)),
  }));
  return { ...problem, routes };
}

/** Build reassigns every job: its search starts from empty routes. */
function startingPoint(problem: Problem, mode: SearchMode): Problem {
  return mode === 'build' ? withRouteOrder(problem, problem.routes.map(() => [])) : problem;
}

export interface SolvedPlan {
  /** The problem with its routes as the search left them. */
  planned: Problem;
  timing: PlanTiming;
  /** Jobs on no route (always empty for sequence). */
  unrouted: Job[];
  /** Each unrouted job's reasons, unless `settings.explain_unrouted` is false. */
  reasons: UnroutedReason[][] | undefined;
  search: PlanSearchResult;
}

/** With no route there is nothing to place jobs on: every job stays unrouted, and the kernels are not asked. */
function nothingToSearch(): PlanSearchResult {
  return { order: [], searchCost: 0, iterations: 0, work: 0, seconds: 0 };
}

async function searchOf(problem: Problem, mode: SearchMode, context: OperationContext,
                        tuning: Pick<PlanSearchOptions, 'seed' | 'onBest'>, travel: SearchTravel): Promise<PlanSearchResult> {
  return searchWithThreads(startingPoint(problem, mode), {
    ...tuning,
    mode,
    timeLimitSeconds: timeLimitOf(problem, mode),
    signal: context.signal,
    reportProgress: (fraction) => context.reportProgress(fraction * 0.95),
  }, solveThreads(), travel);
}

/** Searches, then times the plan found exactly as evaluate does, and explains the jobs it left out. */
export async function solvePlan(problem: Problem, mode: SearchMode, context: OperationContext,
                                tuning: Pick<PlanSearchOptions, 'seed' | 'onBest'> = {}): Promise<SolvedPlan> {
  const travel = problem.routes.length === 0 ? undefined : await travelMatricesOf(problem);
  const search = travel ? await searchOf(problem, mode, context, tuning, travel) : nothingToSearch();
  const planned = withRouteOrder(problem, search.order);
  const timing = await timePlan(planned, context.signal);
  const routed = new Set(search.order.flat());
  const unrouted = mode === 'sequence' ? [] : problem.jobs.filter((job) => !routed.has(job.index));
  const reasons = problem.settings.explainUnrouted ? explainUnrouted(planned, travel, unrouted, context.signal) : undefined;
  return { planned, timing, unrouted, reasons, search };
}

/** build, optimize and sequence: the same operation but for the search mode it runs. */
export function searchOperation(mode: SearchMode): Operation<Problem, PlanResult> {
  return defineOperation({
    name: mode,
    kind: 'task',
    defaultTimeLimitSeconds: defaultTimeLimits[mode],
    requestSchema: problemSchema,
    ...planResultViews,
    read: readPlanProblem,
    locations: routedPlaces,
    compute: (problem, context) => solvePlan(problem, mode, context),
    present: ({ planned, timing, unrouted, reasons }) =>
      planResult(planned, timing.routes, mode === 'sequence' ? {} : { unrouted: { jobs: unrouted, reasons } }),
  });
}
