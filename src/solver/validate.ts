/**
 * POST /v1/validate (extensions §1): the validation every problem-based endpoint runs, and nothing else:
 * 200 `{"valid": true}`, or the 400 listing every fault (thrown by `validate`).
 */
import type { Operation } from '../operations/operation.js';
import { problemSchema } from '../problem/schema/problem.js';
import { parseProblem } from '../problem/parse-problem.js';

export const operation: Operation<null, { valid: true }> = {
  name: 'validate',
  requestSchema: problemSchema,
  kind: 'sync',
  validate(body) {
    parseProblem(body);
    return null;
  },
  async run() {
    return { valid: true };
  },
};
