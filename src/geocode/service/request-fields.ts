/** Pieces shared by the geocode and reverse geocode request readers. */
import { jsonTypeOf, type FaultList } from '../../conventions/faults.js';
import { validationFailed } from '../../errors.js';

export type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The request body as an object; anything else is a single validation fault at `request`. */
export function requestObject(body: unknown, what: string): JsonObject {
  if (isObject(body)) return body;
  throw validationFailed([{ property: 'request', code: 'invalid_type_error', message: `Expected ${what} object, got ${jsonTypeOf(body)}` }]);
}

/** An item of a list as an object, or undefined after recording why it is not one. */
export function itemObject(faults: FaultList, path: string, value: unknown, what: string): JsonObject | undefined {
  if (isObject(value)) return value;
  faults.add(path, { code: value === null ? 'null_value_error' : 'invalid_type_error', message: `Expected ${what} object, got ${jsonTypeOf(value)}` }, value);
  return undefined;
}

/** The list at `request.<key>`, or an empty one after recording the fault. */
export function requestList(faults: FaultList, body: JsonObject, key: string): unknown[] {
  const value = body[key];
  if (Array.isArray(value)) return value;
  faults.add(`request.${key}`, { code: value === null ? 'null_value_error' : 'invalid_type_error', message: `Expected a list of ${key}` }, value);
  return [];
}

/** Copies the fields that the response echoes (`id`, `custom`) when the request has them. */
export function echoOf<K extends string>(input: JsonObject, keys: readonly K[]): Partial<Record<K, unknown>> {
  const echo: Partial<Record<K, unknown>> = {};
  for (const key of keys) if (input[key] !== undefined) echo[key] = input[key];
  return echo;
}
