/**
 * POST /v1/validate (docs/api.md, Endpoints): the validation every problem-based endpoint runs, and nothing else:
 * 200 `{"valid": true}`, or the 400 listing every fault. A body with the fields of a dispatching operation
 * (`jobs_to_insert`, `job`, `max_gap_meters`) is checked by that operation's validation too, which includes
 * the problem's; a body with none of them is checked as evaluate checks it.
 */
import type { FaultList } from '../conventions/faults.js';
import { AppError, type ValidationError } from '../errors.js';
import { defineOperation } from '../operations/define-operation.js';
import type { Operation } from '../operations/operation.js';
import { problemSchema } from '../problem/schema/problem.js';
import { operation as consolidate } from './consolidate-by-route-assignments.js';
import { operation as evaluate } from './evaluate.js';
import { operation as insert } from './insert.js';
import { operation as recommend } from './recommend.js';
import { validateResponseSchema } from './dispatch/response-schemas.js';

type Validation = Pick<Operation, 'validate'>;

const operationsByField: ReadonlyArray<[field: string, operation: Validation]> = [
  ['jobs_to_insert', insert],
  ['job', recommend],
  ['max_gap_meters', consolidate],
];

function operationsFor(body: unknown): Validation[] {
  const fields = typeof body === 'object' && body !== null ? body : {};
  const chosen = operationsByField.filter(([field]) => field in fields).map(([, operation]) => operation);
  return chosen.length > 0 ? chosen : [evaluate];
}

/** The faults of one operation's validation (none when it passes); failures that are not validation faults are thrown. */
function faultsOf(operation: Validation, body: unknown): ValidationError[] {
  try {
    operation.validate(body);
    return [];
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation_failed_error') return error.errors ?? [];
    throw error;
  }
}

function readValidation(body: unknown, faults: FaultList): null {
  for (const operation of operationsFor(body)) {
    for (const fault of faultsOf(operation, body)) faults.addError(fault);
  }
  return null;
}

export const operation = defineOperation({
  name: 'validate',
  kind: 'sync',
  requestSchema: problemSchema,
  responseSchema: validateResponseSchema,
  read: readValidation,
  compute: async () => null,
  present: () => ({ valid: true as const }),
});
