/**
 * POST /v1/validate (docs/api.md, Endpoints): the validation every problem-based endpoint runs, and nothing else:
 * 200 `{"valid": true}`, or the 400 listing every fault. A body with the fields of a dispatching operation
 * (`jobs_to_insert`, `job`, `max_gap_meters`) is checked by that operation's validation too, which includes
 * the problem's; a body with none of them is checked as a problem.
 */
import { AppError, validationFailed, type ValidationError } from '../errors.js';
import type { Operation } from '../operations/operation.js';
import { problemSchema } from '../problem/schema/problem.js';
import { parseProblem } from '../problem/parse-problem.js';
import { validateConsolidate } from './consolidate-by-route-assignments.js';
import { validateInsert } from './insert.js';
import { validateRecommend } from './recommend.js';
import { validateResponseSchema } from './dispatch/response-schemas.js';

const validatorsByField: ReadonlyArray<[field: string, validate: (body: unknown) => unknown]> = [
  ['jobs_to_insert', validateInsert],
  ['job', validateRecommend],
  ['max_gap_meters', validateConsolidate],
];

function validatorsFor(body: unknown): Array<(body: unknown) => unknown> {
  const fields = typeof body === 'object' && body !== null ? body : {};
  const chosen = validatorsByField.filter(([field]) => field in fields).map(([, validate]) => validate);
  return chosen.length > 0 ? chosen : [parseProblem];
}

/** The faults of one validator (none when it passes); failures that are not validation faults are thrown. */
function faultsOf(validate: (body: unknown) => unknown, body: unknown): ValidationError[] {
  try {
    validate(body);
    return [];
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation_failed_error') return error.errors ?? [];
    throw error;
  }
}

export const operation: Operation<null, { valid: true }> = {
  name: 'validate',
  requestSchema: problemSchema,
  responseSchema: validateResponseSchema,
  kind: 'sync',
  validate(body) {
    const faults = new Map<string, ValidationError>();
    for (const validate of validatorsFor(body)) {
      for (const fault of faultsOf(validate, body)) faults.set(JSON.stringify([fault.property, fault.code, fault.message]), fault);
    }
    if (faults.size > 0) throw validationFailed([...faults.values()].map(({ status_code: _status, ...fault }) => fault));
    return null;
  },
  async run() {
    return { valid: true };
  },
};
