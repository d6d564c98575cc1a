/**
 * POST /v1/evaluate (interface.md 4.4): the routes exactly as given, with depots and breaks added, timed and
 * priced by the kernel. The task result keeps both the answer and its aggregates, so that `aggregate=1` on the
 * fetching request can choose (extensions §9).
 */
import type { Operation } from '../operations/operation.js';
import { problemSchema } from '../problem/schema/problem.js';
import { problemOf, validatedRequest, type ProblemRequest } from '../problem/parse-problem.js';
import { aggregatesOf, type ProblemAggregates } from '../problem/response/aggregates.js';
import { planResponse } from '../problem/response/plan-response.js';
import { returnedRequest } from '../problem/response/return-request.js';
import { timePlan } from './plan-timing.js';
import { routePaths } from './route-paths.js';

export interface EvaluateResult {
  answer: unknown;
  aggregates: ProblemAggregates;
}

export const operation: Operation<ProblemRequest, EvaluateResult> = {
  name: 'evaluate',
  requestSchema: problemSchema,
  kind: 'task',
  validate: validatedRequest,
  async run(request, context) {
    const problem = problemOf(request);
    const timing = await timePlan(problem, context.signal);
    context.reportProgress(1);
    const paths = problem.settings.routePaths ? await routePaths(problem, timing.routes) : undefined;
    const response = planResponse(problem, timing.routes, paths);
    return {
      answer: problem.returnRequest ? returnedRequest(problem, response) : response,
      aggregates: aggregatesOf(problem, timing.routes),
    };
  },
  present(result, query) {
    return query.aggregate === '1' ? result.aggregates : result.answer;
  },
};
