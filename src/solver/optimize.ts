/**
 * POST /v1/optimize (docs/api.md, Planning operations): from the given assignment, a reduced set of moves within a
 * shorter budget.
 */
import type { Operation } from '../operations/operation.js';
import type { Problem } from '../problem/model.js';
import { parsePlanProblem, runPlanOperation, type PlanOperationResult } from './search/plan-operation.js';
import { planViewOf } from './plan-view.js';
import { planResponseSchema } from '../problem/response/response-schemas.js';
import { problemSchema } from '../problem/schema/problem.js';

export const operation: Operation<Problem, PlanOperationResult> = {
  name: 'optimize',
  kind: 'task',
  requestSchema: problemSchema,
  responseSchema: planResponseSchema,
  validate: parsePlanProblem,
  run: (problem, context) => runPlanOperation(problem, 'optimize', context),
  viewOf: planViewOf,
};
