/**
 * POST /v1/recommend (docs/api.md, Dispatching): every position of the one job on every route, each
 * priced by the dispatch kernel, ranked by fewest violations then added internal cost and capped per date,
 * driver and route. The options answered are timed again exactly as evaluate times them, and their deltas
 * are the routes' written values after minus before.
 */
import type { FaultList } from '../conventions/faults.js';
import { defineOperation } from '../operations/define-operation.js';
import { routedPlaces } from '../problem/routed-places.js';
import type { Problem, Route } from '../problem/model.js';
import { asObject } from '../problem/normalize/fields.js';
import { planResponse } from '../problem/response/plan-response.js';
import { withCustom } from '../problem/response/custom-echo.js';
import { normalizeWithAddedJobs, type AddedJobsRequest } from './dispatch/added-jobs.js';
import type { Insertion } from './dispatch/cheapest-insertion.js';
import { insertionsOf } from './dispatch/cheapest-insertion.js';
import { allowHardOf, resultCapOf } from './dispatch/dispatch-fields.js';
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

function readRecommend(input: unknown, faults: FaultList): RecommendRequest | undefined {
  const body = asObject(input);
  if (!body) return undefined;
  // Absent, null or not an object: the schema reported it.
  const job = asObject(body.job);
  const allowHard = allowHardOf(body, faults);
  const caps: RecommendCaps = {
    maxResults: resultCapOf(body, 'max_results', faults, DEFAULT_MAX_RESULTS),
    perDate: resultCapOf(body, 'max_results_per_date', faults),
    perDriver: resultCapOf(body, 'max_results_per_driver', faults),
    perRoute: resultCapOf(body, 'max_results_per_route', faults),
  };
  const problem = normalizeWithAddedJobs(body, 'job', job ? [job] : [], () => 'request.job', faults);
  return problem && job && { problem, allowHard, caps };
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

export const operation = defineOperation({
  name: 'recommend',
  kind: 'task',
  requestSchema: recommendSchema,
  responseSchema: recommendResponseSchema,
  read: readRecommend,
  locations: (request) => routedPlaces(request.problem.problem),
  async compute(request, context) {
    const { problem, added } = request.problem;
    const plan = await DispatchPlan.of(problem);
    const ranked = rankInsertions(insertionsOf(plan, added[0]!, request.allowHard));
    context.reportProgress(0.5);
    return answerOptions(problem, selectInsertions(ranked, request.caps), context.signal);
  },
  present: (options, request) => withCustom(request.problem.problem, { recommend_options: options }),
});
