/**
 * Booleans and numbers may arrive quoted (`"true"`, `"1.5"`; docs/api.md, Conventions). Both forms are
 * accepted on purpose; any other type mismatch is an `invalid_type_error`.
 */
import { failed, jsonTypeOf, outOfRange, parsed, type Parsed } from './faults.js';

const numberText = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;

function typeMismatch<T>(expected: string, value: unknown): Parsed<T> {
  return failed('invalid_type_error', `Expected ${expected}, got ${jsonTypeOf(value)}`, { expected_type: expected });
}

export function parseBoolean(value: unknown): Parsed<boolean> {
  if (typeof value === 'boolean') return parsed(value);
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (text === 'true') return parsed(true);
    if (text === 'false') return parsed(false);
  }
  return typeMismatch('boolean', value);
}

export function parseNumber(value: unknown): Parsed<number> {
  if (typeof value === 'number' && Number.isFinite(value)) return parsed(value);
  if (typeof value === 'string' && numberText.test(value)) return parsed(Number(value));
  return typeMismatch('number', value);
}

export function parseInteger(value: unknown): Parsed<number> {
  const number = parseNumber(value);
  return number.ok && Number.isInteger(number.value) ? number : typeMismatch('integer', value);
}

/** Ids and names: strings, and numbers written as their decimal text (clients send numeric ids). */
export function parseString(value: unknown): Parsed<string> {
  if (typeof value === 'string') return parsed(value);
  if (typeof value === 'number' && Number.isFinite(value)) return parsed(String(value));
  return typeMismatch('string', value);
}

export function parseStringArray(value: unknown): Parsed<string[]> {
  if (!Array.isArray(value)) return typeMismatch('array of strings', value);
  const strings: string[] = [];
  for (const item of value) {
    const text = parseString(item);
    if (!text.ok) return typeMismatch('array of strings', value);
    strings.push(text.value);
  }
  return parsed(strings);
}

/** A number within [min, max]; out of range is `value_out_of_range_error`. */
export function numberInRange(min: number, max: number, integer = false): (value: unknown) => Parsed<number> {
  return (value) => {
    const number = integer ? parseInteger(value) : parseNumber(value);
    if (!number.ok) return number;
    if (number.value < min || number.value > max) {
      return outOfRange(`Expected a value between ${min} and ${max}`, { minimum: min, maximum: max });
    }
    return number;
  };
}

/** A number strictly above `min` (speeds, dimensions, time limits). */
export function numberAbove(min: number): (value: unknown) => Parsed<number> {
  return (value) => {
    const number = parseNumber(value);
    if (!number.ok || number.value > min) return number;
    return outOfRange(`Expected a value above ${min}`, { exclusive_minimum: min });
  };
}

export const parseNonNegativeNumber = numberInRange(0, Number.POSITIVE_INFINITY);
export const parseNonNegativeInteger = numberInRange(0, Number.POSITIVE_INFINITY, true);
export const parsePositiveInteger = numberInRange(1, Number.POSITIVE_INFINITY, true);
export const parsePositiveNumber = numberAbove(0);
/**
 * `driving_speed_percentage`: durations are divided by it, so a vanishing percentage would stretch a leg past
 * any date the service can write.
 */
export const speedPercentageRange = { minimum: 1, maximum: 1000 } as const;
export const parseSpeedPercentage = numberInRange(speedPercentageRange.minimum, speedPercentageRange.maximum);
