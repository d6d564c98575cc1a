/**
 * POST /v1/sequence (docs/api.md, Planning operations): each route's jobs reordered, never moved to another route nor
 * unrouted.
 */
import type { Operation } from '../operations/operation.js';
import type { Problem } from '../problem/model.js';
import { parsePlanProblem, runPlanOperation, type PlanOperationResult } from './search/plan-operation.js';
import { planViewOf } from './plan-view.js';
import { planResponseSchema } from '../problem/response/response-schemas.js';
import { problemSchema } from '../problem/schema/problem.js';

export const operation: Operation<Problem, PlanOperationResult> = {
  name: 'sequence',
  kind: 'task',
  requestSchema: problemSchema,
  responseSchema: planResponseSchema,
  validate: parsePlanProblem,
  run: (problem, context) => runPlanOperation(problem, 'sequence', context),
  viewOf: planViewOf,
};
