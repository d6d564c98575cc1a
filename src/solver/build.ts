/**
 * POST /v1/build (docs/api.md, Planning operations): every job placed anew on the routes, as many as fit, at the
 * least internal cost.
 */
import type { Operation } from '../operations/operation.js';
import type { Problem } from '../problem/model.js';
import { parsePlanProblem, runPlanOperation, type PlanOperationResult } from './search/plan-operation.js';
import { planViewOf } from './plan-view.js';
import { planResponseSchema } from '../problem/response/response-schemas.js';
import { problemSchema } from '../problem/schema/problem.js';

export const operation: Operation<Problem, PlanOperationResult> = {
  name: 'build',
  kind: 'task',
  requestSchema: problemSchema,
  responseSchema: planResponseSchema,
  validate: parsePlanProblem,
  run: (problem, context) => runPlanOperation(problem, 'build', context),
  viewOf: planViewOf,
};
