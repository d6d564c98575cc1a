/**
 * Runs a request's published JSON schema (the one /docs shows) with our own Ajv — Fastify's default one coerces
 * types, removes unknown fields and applies defaults; ours does none of these — and turns each Ajv error into a
 * validation fault with the request path and code (docs/api.md, Errors and validation codes). A schema may name
 * the contract's own code for every fault of a field with the OpenAPI extension `x-error-code`.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { validationCodes, type ValidationCode } from '../errors.js';
import { jsonTypeOf, requiredValueFault, type Fault, type FaultList, type RangeParameters } from './faults.js';

type Schema = Record<string, unknown>;

const ajv = new Ajv({
  allErrors: true,
  verbose: true,
  strict: false,
  allowUnionTypes: true,
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: false,
});

/** `/jobs/3/location` → `request.jobs[3].location`. */
function requestPath(instancePath: string, child?: string): string {
  let path = 'request';
  const segments = instancePath.split('/').slice(1).map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  for (const key of child === undefined ? segments : [...segments, child]) path += /^\d+$/.test(key) ? `[${key}]` : `.${key}`;
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
function expectedBy(schema: Schema | undefined): string {
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

function rangeFault(error: ErrorObject, params: Schema): Fault {
  return {
    code: 'value_out_of_range_error',
    message: `Expected a value ${String(params.comparison)} ${String(params.limit)}`,
    parameters: { [rangeParameter[error.keyword]!]: params.limit },
  };
}

function keywordFault(error: ErrorObject, schema: Schema | undefined): Fault {
  const params = error.params as Schema;
  switch (error.keyword) {
    case 'type':
      return error.data === null
        ? requiredValueFault(expectedBy(schema), null)
        : { code: 'invalid_type_error', message: `Expected ${expectedBy(schema)}, got ${jsonTypeOf(error.data)}`, parameters: { expected_type: params.type } };
    case 'pattern':
      return { code: 'invalid_type_error', message: `Expected ${expectedBy(schema)}, got the text "${String(error.data)}"` };
    case 'minLength':
      return { code: 'invalid_type_error', message: `Expected ${expectedBy(schema)} of at least ${String(params.limit)} characters, got ${error.data === '' ? 'an empty one' : 'a shorter one'}` };
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
      return rangeFault(error, params);
    default:
      return { code: 'invalid_type_error', message: `Expected ${expectedBy(schema)}: ${error.message ?? 'invalid value'}` };
  }
}

/** The fault of one Ajv error at its path; a field's own `x-error-code` replaces the generic code. */
function faultOf(error: ErrorObject): { property: string; fault: Fault; value: unknown } {
  const parent = error.parentSchema as Schema | undefined;
  if (error.keyword === 'required') {
    const name = (error.params as { missingProperty: string }).missingProperty;
    const field = (parent?.properties as Record<string, Schema> | undefined)?.[name];
    const missingCode = field?.['x-error-code'] as ValidationCode | undefined;
    return { property: requestPath(error.instancePath, name), fault: requiredValueFault(expectedBy(field), undefined, missingCode), value: undefined };
  }
  const fault = keywordFault(error, parent);
  const ownCode = parent?.['x-error-code'] as ValidationCode | undefined;
  // An oversized list is not echoed back: the error would be as large as the request.
  const value = error.keyword === 'maxItems' ? undefined : error.data;
  return { property: requestPath(error.instancePath), fault: ownCode ? { ...fault, code: ownCode } : fault, value };
}

/** A schema naming a code the registry does not know is a programming error, found when it is first compiled. */
function assertKnownCodes(schema: unknown): void {
  if (typeof schema !== 'object' || schema === null) return;
  const code = (schema as Schema)['x-error-code'];
  if (code !== undefined && !(validationCodes as readonly unknown[]).includes(code)) throw new Error(`Unknown x-error-code ${String(code)}`);
  for (const value of Object.values(schema)) assertKnownCodes(value);
}

export interface SchemaCheckOptions {
  /** Paths of secrets (`request.password`): their faults never echo the value. */
  secrets?: readonly string[];
}

/** A check that adds a fault for every violation of `schema` by a body and answers whether there was none. */
export function schemaCheck(schema: Schema, options: SchemaCheckOptions = {}): (body: unknown, faults: FaultList) => boolean {
  let compiled: ValidateFunction | undefined;
  return (body, faults) => {
    if (!compiled) {
      assertKnownCodes(schema);
      compiled = ajv.compile(schema);
    }
    if (compiled(body)) return true;
    for (const error of compiled.errors ?? []) {
      const { property, fault, value } = faultOf(error);
      faults.add(property, fault, options.secrets?.includes(property) ? undefined : value);
    }
    return false;
  };
}
