/** What the geocode and reverse geocode answers echo of their requests. */
import type { JsonObject } from '../../problem/normalize/fields.js';

/** Copies the fields that the response echoes (`id`, `custom`) when the request has them. */
export function echoOf<K extends string>(input: JsonObject, keys: readonly K[]): Partial<Record<K, unknown>> {
  const echo: Partial<Record<K, unknown>> = {};
  for (const key of keys) if (input[key] !== undefined) echo[key] = input[key];
  return echo;
}
