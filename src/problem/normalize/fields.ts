/**
 * Reads the fields of one JSON object of a request through the conventions parsers, recording each fault at its
 * path. The normalizer runs even after schema faults so that every fault is reported, so nothing here trusts
 * the JSON types: a value of the wrong type reads as absent (its fault is already recorded).
 */
import { failed, requiredValueFault, type FaultList, type Parsed } from '../../conventions/faults.js';
import type { ValidationCode } from '../../errors.js';
import { parseLatLon, type LatLon } from '../../conventions/latlon.js';
import { parseDate } from '../../conventions/date.js';
import { parseBoolean, parseString, parseStringArray } from '../../conventions/scalars.js';
import { parseTimeOfDay } from '../../conventions/time-of-day.js';
import { parseTimespan } from '../../conventions/timespan.js';

export type JsonObject = Record<string, unknown>;

/** Shared by every absent list, so that thousands of entities do not each allocate an empty array. */
const noTexts: readonly string[] = Object.freeze([]);

export function asObject(value: unknown): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;
}

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null;
}

function parseDuration(value: unknown): Parsed<number> {
  const seconds = parseTimespan(value);
  if (!seconds.ok || seconds.value >= 0) return seconds;
  return failed('value_out_of_range_error', 'A duration cannot be negative', { minimum: '00:00:00' });
}

export class Fields {
  constructor(
    readonly faults: FaultList,
    readonly path: string,
    readonly object: JsonObject,
  ) {}

  pathOf(name: string): string {
    return `${this.path}.${name}`;
  }

  has(name: string): boolean {
    return isPresent(this.object[name]);
  }

  /** Absent and null read as undefined; the path is only built for a fault (most fields have none). */
  read<T>(name: string, parse: (value: unknown) => Parsed<T>): T | undefined {
    const value = this.object[name];
    if (value === undefined || value === null) return undefined;
    const result = parse(value);
    if (result.ok) return result.value;
    this.faults.add(this.pathOf(name), result.fault, value);
    return undefined;
  }

  /** True when `name` has a value; otherwise its absence or null is recorded (`requiredValueFault`). */
  require(name: string, expected: string, missingCode?: ValidationCode): boolean {
    const value = this.object[name];
    if (value !== undefined && value !== null) return true;
    this.faults.add(this.pathOf(name), requiredValueFault(expected, value, missingCode), value);
    return false;
  }

  fault(name: string, code: ValidationCode, message: string, parameters?: Record<string, unknown>): void {
    const fault = parameters ? { code, message, parameters } : { code, message };
    this.faults.add(this.pathOf(name), fault, this.object[name]);
  }

  text(name: string): string | undefined {
    return this.read(name, parseString);
  }

  boolean(name: string): boolean | undefined {
    return this.read(name, parseBoolean);
  }

  texts(name: string): readonly string[] {
    return this.read(name, parseStringArray) ?? noTexts;
  }

  /** Durations in requests (time on site, limits, break lengths) cannot be negative. */
  timespan(name: string): number | undefined {
    return this.read(name, parseDuration);
  }

  timeOfDay(name: string): number | undefined {
    return this.read(name, parseTimeOfDay);
  }

  date(name: string): number | undefined {
    return this.read(name, parseDate);
  }

  latlon(name: string): LatLon | undefined {
    return this.read(name, parseLatLon);
  }

  /** Each element through `parse`, faults at `name[i]`; absent or malformed lists read as undefined. */
  list<T>(name: string, parse: (value: unknown) => Parsed<T>): T[] | undefined {
    const values = this.object[name];
    if (!Array.isArray(values)) return undefined;
    const parsedValues: T[] = [];
    values.forEach((value, index) => {
      const item = parse(value);
      if (item.ok) parsedValues.push(item.value);
      else this.faults.add(`${this.pathOf(name)}[${index}]`, item.fault, value);
    });
    return parsedValues;
  }

  /** The nested objects of a list with their paths; non-objects are skipped (null items were reported by the schema). */
  objects(name: string): Fields[] {
    const values = this.object[name];
    if (!Array.isArray(values)) return [];
    const nested: Fields[] = [];
    values.forEach((value, index) => {
      const object = asObject(value);
      if (object) nested.push(new Fields(this.faults, `${this.pathOf(name)}[${index}]`, object));
    });
    return nested;
  }

  nested(name: string): Fields | undefined {
    const object = asObject(this.object[name]);
    return object ? new Fields(this.faults, this.pathOf(name), object) : undefined;
  }

  /** At most one of `names` may be given; the later ones are reported. */
  exclusive(...names: string[]): void {
    const given = names.filter((name) => this.has(name));
    for (const name of given.slice(1)) {
      this.fault(name, 'mutually_exclusive_fields_error', `"${name}" cannot be given together with "${given[0]}"`, {
        property_name: name,
        conflicting_property_name: given[0],
      });
    }
  }

  /** The entity's id, or a `missing_id_error`. */
  id(): string | undefined {
    if (!this.has('id')) {
      this.faults.add(this.pathOf('id'), { code: 'missing_id_error', message: 'Expected an id; the field is missing' });
      return undefined;
    }
    return this.text('id');
  }
}
