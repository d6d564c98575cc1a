/**
 * POST /v1/evaluate (docs/api.md, Planning operations): the routes exactly as given, with depots and breaks added,
 * timed and priced by the kernel. The task result keeps both the answer and its aggregates as views, so that
 * `aggregate=1` on the fetching request can choose (docs/api.md, Aggregates).
 */
import type { Operation } from '../operations/operation.js';
import { problemSchema } from '../problem/schema/problem.js';
import type { Problem } from '../problem/model.js';
import { parseProblem } from '../problem/parse-problem.js';
import { aggregatesOf, type ProblemAggregates } from '../problem/response/aggregates.js';
import { planResponse } from '../problem/response/plan-response.js';
import { returnedRequest } from '../problem/response/return-request.js';
import { timePlan } from './plan-timing.js';
import { planViewOf } from './plan-view.js';
import { routePaths } from './route-paths.js';
import { planResponseSchema } from '../problem/response/response-schemas.js';

export interface EvaluateResult {
  answer: unknown;
  aggregates: ProblemAggregates;
}

export const operation: Operation<Problem, EvaluateResult> = {
  name: 'evaluate',
  requestSchema: problemSchema,
  responseSchema: planResponseSchema,
  kind: 'task',
  validate: parseProblem,
  async run(problem, context) {
    const timing = await timePlan(problem, context.signal);
    context.reportProgress(1);
    const paths = problem.settings.routePaths ? await routePaths(problem, timing.routes) : undefined;
    const response = planResponse(problem, timing.routes, paths);
    return {
      answer: problem.returnRequest ? returnedRequest(problem, response) : response,
      aggregates: aggregatesOf(problem, timing.routes),
    };
  },
  viewOf: planViewOf,
};
