/**
 * Parsers never throw: they answer a value or a fault, so that a caller can keep going and report every fault of a
 * request at once (docs/api.md, Errors and validation codes). A fault becomes a ValidationError once its path is
 * known.
 */
import type { ValidationCode, ValidationError } from '../errors.js';

export interface Fault {
  code: ValidationCode;
  message: string;
  parameters?: Record<string, unknown>;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; fault: Fault };

export function parsed<T>(value: T): Parsed<T> {
  return { ok: true, value };
}

export function failed<T>(code: ValidationCode, message: string, parameters?: Record<string, unknown>): Parsed<T> {
  const fault: Fault = parameters ? { code, message, parameters } : { code, message };
  return { ok: false, fault };
}

/**
 * The one rule for a required value that is not there: null is `null_value_error`, an absent field
 * `missing_field_error` (or the contract's own code for that field, e.g. `job_location_missing_error`).
 * `expected` completes "Expected …": `a location "<latitude>,<longitude>"`.
 */
export function requiredValueFault(expected: string, value: null | undefined, missingCode: ValidationCode = 'missing_field_error'): Fault {
  return value === null
    ? { code: 'null_value_error', message: `Expected ${expected}, got null` }
    : { code: missingCode, message: `Expected ${expected}; the field is missing` };
}

/** Range parameters have one naming everywhere: the JSON-schema keywords in snake case. */
export interface RangeParameters {
  minimum?: number | string;
  maximum?: number | string;
  exclusive_minimum?: number | string;
  exclusive_maximum?: number | string;
}

export function outOfRange<T>(message: string, range: RangeParameters): Parsed<T> {
  return failed('value_out_of_range_error', message, { ...range });
}

/**
 * Collects the faults of one request. `read` runs a parser on the value at a path and records the fault, so
 * that validation code reads as a list of fields instead of a ladder of ifs.
 */
export class FaultList {
  readonly errors: ValidationError[] = [];
  private readonly faultedProperties = new Set<string>();

  /**
   * Keeps one fault per property: a value that already failed a more basic check (its JSON type, say) is not
   * reported again by later checks of its format or meaning.
   */
  add(property: string, fault: Fault, attemptedValue?: unknown): void {
    if (this.faultedProperties.has(property)) return;
    this.faultedProperties.add(property);
    const error: ValidationError = { property, code: fault.code, message: fault.message };
    if (fault.parameters) error.parameters = fault.parameters;
    if (attemptedValue !== undefined) error.attempted_value = attemptedValue;
    this.errors.push(error);
  }

  /** A fault found by another list (a nested validation), at the path it has there unless `property` moves it. */
  addError(error: ValidationError, property = error.property): void {
    const { property: _found, code, message, parameters, attempted_value: attempted } = error;
    this.add(property, parameters ? { code, message, parameters } : { code, message }, attempted);
  }

  /** The parsed value, or undefined after recording the fault (absent and null values are the caller's concern). */
  read<T>(property: string, value: unknown, parse: (value: unknown) => Parsed<T>): T | undefined {
    const result = parse(value);
    if (result.ok) return result.value;
    this.add(property, result.fault, value);
    return undefined;
  }

  /** Like `read`, but an absent or null value simply yields undefined without a fault. */
  readOptional<T>(property: string, value: unknown, parse: (value: unknown) => Parsed<T>): T | undefined {
    if (value === undefined || value === null) return undefined;
    return this.read(property, value, parse);
  }

  has(property: string): boolean {
    return this.faultedProperties.has(property);
  }

  get empty(): boolean {
    return this.errors.length === 0;
  }
}

/** The short name of a JSON value's type, for messages. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
