/**
 * POST /v1/recommend (docs/api.md, Dispatching): every position of the one job on every route, each
 * priced by the dispatch kernel, ranked by fewest violations then added internal cost and capped per date,
 * driver and route. The options answered are timed again exactly as evaluate times them, and their deltas
 * are the routes' written values after minus before.
 */
import { FaultList, jsonTypeOf, requiredValueFault } from '../conventions/faults.js';
import type { Operation } from '../operations/operation.js';
import type { Problem, Route } from '../problem/model.js';
import { planResponse } from '../problem/response/plan-response.js';
import { parseWithAddedJobs, type AddedJobsRequest } from './dispatch/added-jobs.js';
import type { Insertion } from './dispatch/cheapest-insertion.js';
import { insertionsOf } from './dispatch/cheapest-insertion.js';
import { allowHardOf, bodyObject, resultCapOf } from './dispatch/dispatch-fields.js';
import { DispatchPlan, jobIndexAt } from './dispatch/dispatch-plan.js';
import { rankInsertions, selectInsertions, type RecommendCaps } from './dispatch/recommend-selection.js';
import { routeDeltas } from './dispatch/route-deltas.js';
import { timePlan } from './plan-timing.js';
import { recommendSchema } from './dispatch/request-schemas.js';
import { recommendResponseSchema } from './dispatch/response-schemas.js';

export interface RecommendRequest {
  problem: AddedJobsRequest;
  allowHard: boolean;
  caps: RecommendCaps;
}

const DEFAULT_MAX_RESULTS = 10;

function jobOf(body: Record<string, unknown>, faults: FaultList): unknown[] {
  const job = body.job;
  if (typeof job === 'object' && job !== null && !Array.isArray(job)) return [job];
  const expected = 'the job to recommend positions for (an object)';
  const fault = job === undefined || job === null
    ? requiredValueFault(expected, job)
    : { code: 'invalid_type_error' as const, message: `Expected ${expected}, got ${jsonTypeOf(job)}`, parameters: { expected_type: 'object' } };
  faults.add('request.job', fault, job);
  return [];
}

export function validateRecommend(input: unknown): RecommendRequest {
  const body = bodyObject(input);
  const faults = new FaultList();
  const job = jobOf(body, faults);
  const allowHard = allowHardOf(body, faults);
  const caps: RecommendCaps = {
    maxResults: resultCapOf(body, 'max_results', faults, DEFAULT_MAX_RESULTS),
    perDate: resultCapOf(body, 'max_results_per_date', faults),
    perDriver: resultCapOf(body, 'max_results_per_driver', faults),
    perRoute: resultCapOf(body, 'max_results_per_route', faults),
  };
  const problem = parseWithAddedJobs(body, 'job', job, () => 'request.job', faults.errors);
  return { problem, allowHard, caps };
}

/** The problem with only the given routes (indexed anew), for timing some routes exactly as evaluate does. */
function withRoutes(problem: Problem, routes: Route[]): Problem {
  return { ...problem, routes: routes.map((route, index) => ({ ...route, index })) };
}

async function answerOptions(problem: Problem, selected: Insertion[], signal: AbortSignal) {
  const touched = [...new Set(selected.map((insertion) => insertion.route))];
  const optionRoutes = selected.map(({ route, position, visits: inserted }) => {
    const visits = [...route.visits];
    visits.splice(position, 0, ...inserted);
    return { ...route, visits };
  });
  // The routes before and after in one timing: routes are timed independently, so sharing a problem changes nothing.
  const timedProblem = withRoutes(problem, [...touched, ...optionRoutes]);
  const timing = await timePlan(timedProblem, signal);
  const responses = planResponse(timedProblem, timing.routes).routes;
  const before = responses.slice(0, touched.length);
  const after = responses.slice(touched.length);
  const options = selected.map((insertion, index) => ({
    violations: timing.routes[touched.length + index]!.violationCount,
    option: {
      ...routeDeltas(after[index]!, before[touched.indexOf(insertion.route)]!),
      job_index: jobIndexAt(insertion.route.visits, insertion.position),
      route_index: insertion.route.index,
      route: after[index]!,
    },
  }));
  // Ranked again on the exact numbers, which the kernel's ranking matches.
  options.sort((a, b) => a.violations - b.violations || a.option.delta_internal_cost - b.option.delta_internal_cost);
  return options.map(({ option }) => option);
}

export const operation: Operation<RecommendRequest, unknown> = {
  name: 'recommend',
  requestSchema: recommendSchema,
  responseSchema: recommendResponseSchema,
  kind: 'task',
  validate: validateRecommend,
  async run(request, context) {
    const { problem, added } = request.problem;
    const plan = await DispatchPlan.of(problem);
    const ranked = rankInsertions(insertionsOf(plan, added[0]!, request.allowHard));
    context.reportProgress(0.5);
    const options = await answerOptions(problem, selectInsertions(ranked, request.caps), context.signal);
    context.reportProgress(1);
    const custom = problem.source.custom;
    return custom === undefined ? { recommend_options: options } : { custom, recommend_options: options };
  },
};
