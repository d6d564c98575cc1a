/**
 * Runs the problem JSON schema with our own Ajv — Fastify's default one coerces types, removes unknown fields and
 * applies defaults; ours does none of these — and turns each Ajv error into a validation fault with the request
 * path and code (docs/api.md, Errors and validation codes).
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { jsonTypeOf, requiredValueFault, type Fault, type FaultList, type RangeParameters } from '../conventions/faults.js';
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
function requestPath(instancePath: string): string {
  let path = 'request';
  for (const segment of instancePath.split('/').slice(1)) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    path += /^\d+$/.test(key) ? `[${key}]` : `.${key}`;
  }
  return path;
}

/** Ajv's keyword → the range parameter it means. */
const rangeParameter: Record<string, keyof RangeParameters> = {
  minimum: 'minimum',
  maximum: 'maximum',
  exclusiveMinimum: 'exclusive_minimum',
  exclusiveMaximum: 'exclusive_maximum',
};

const typeNames: Record<string, string> = {
  number: 'a number', integer: 'an integer', boolean: 'true or false', string: 'a string', object: 'an object', array: 'a list',
};

/** What a schema accepts, in words: "a number (or its decimal text)", "a string ("HH:MM" or "HH:MM:SS")". */
function expectedBy(schema: Record<string, unknown> | undefined): string {
  if (!schema) return 'a value';
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.filter((value) => value !== null).join(', ')}`;
  const types = [schema.type ?? []].flat().filter((type) => type !== 'null') as string[];
  // Quoted scalars: a pattern only constrains the string form of a number or boolean.
  const quoted = typeof schema.pattern === 'string' && types.length > 1;
  const named = (quoted ? types.filter((type) => type !== 'string') : types).map((type) => typeNames[type] ?? type);
  const words = named.length > 0 ? named.join(' or ') : 'a value';
  if (quoted) return `${words} (or its text)`;
  return typeof schema.description === 'string' ? `${words} (${schema.description})` : words;
}

function faultOf(error: ErrorObject): Fault {
  const params = error.params as Record<string, unknown>;
  const schema = error.parentSchema as Record<string, unknown> | undefined;
  switch (error.keyword) {
    case 'type':
      return error.data === null
        ? requiredValueFault(expectedBy(schema), null)
        : {
          code: 'invalid_type_error',
          message: `Expected ${expectedBy(schema)}, got ${jsonTypeOf(error.data)}`,
          parameters: { expected_type: params.type },
        };
    case 'pattern':
      return { code: 'invalid_type_error', message: `Expected ${expectedBy(schema)}, got the text "${String(error.data)}"` };
    case 'enum':
      return {
        code: 'invalid_enum_value_error',
        message: `Expected ${expectedBy(schema)}`,
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
        message: `Expected a value ${String(params.comparison)} ${String(params.limit)}`,
        parameters: { [rangeParameter[error.keyword]!]: params.limit },
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
