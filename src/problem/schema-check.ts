/**
 * Runs the problem JSON schema with our own Ajv (STACK.md pitfall 23: no coercion, nothing removed, no defaults)
 * and turns each Ajv error into a validation fault with the request path and code of extensions §13.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { Fault, FaultList } from '../conventions/faults.js';
import { problemSchema } from './schema/problem.js';

let compiled: ValidateFunction | undefined;

function validator(): ValidateFunction {
  compiled ??= new Ajv({
    allErrors: true,
    verbose: true,
    strict: false,
    allowUnionTypes: true,
    coerceTypes: false,
    removeAdditional: false,
    useDefaults: false,
  }).compile(problemSchema);
  return compiled;
}

/** `/jobs/3/location` → `request.jobs[3].location`. */
export function requestPath(instancePath: string): string {
  let path = 'request';
  for (const segment of instancePath.split('/').slice(1)) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    path += /^\d+$/.test(key) ? `[${key}]` : `.${key}`;
  }
  return path;
}

function faultOf(error: ErrorObject): Fault {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type':
      return error.data === null
        ? { code: 'null_value_error', message: 'A value is required here, not null' }
        : { code: 'invalid_type_error', message: `Expected ${String(params.type)}`, parameters: { expected_type: params.type } };
    case 'pattern':
      return { code: 'invalid_type_error', message: 'The text is not a value of the expected type' };
    case 'enum':
      return {
        code: 'invalid_enum_value_error',
        message: 'The value is not one of the allowed values',
        parameters: { allowed_values: (params.allowedValues as unknown[]).filter((value) => value !== null) },
      };
    case 'maxItems':
      return { code: 'too_many_items_error', message: `At most ${String(params.limit)} items are accepted`, parameters: { limit: params.limit } };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return {
        code: 'value_out_of_range_error',
        message: `The value must be ${String(params.comparison)} ${String(params.limit)}`,
        parameters: { comparison: params.comparison, limit: params.limit },
      };
    default:
      return { code: 'invalid_type_error', message: error.message ?? 'Invalid value' };
  }
}

/** Adds a fault for every schema violation of the body; true when there was none. */
export function checkProblemSchema(body: unknown, faults: FaultList): boolean {
  const validate = validator();
  if (validate(body)) return true;
  for (const error of validate.errors ?? []) {
    faults.add(requestPath(error.instancePath), faultOf(error), error.data);
  }
  return false;
}
