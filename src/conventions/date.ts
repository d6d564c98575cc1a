/** Dates `YYYY-MM-DD`, held as whole days since 1970-01-01 so that they compare and step as numbers. */
import { failed, parsed, type Parsed } from './faults.js';

const dateText = /^(\d{4})-(\d{2})-(\d{2})$/;
const secondsPerDay = 86400;

export const daysOfWeek = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

export function parseDate(value: unknown): Parsed<number> {
  const match = typeof value === 'string' ? dateText.exec(value.trim()) : null;
  if (match) {
    const year = Number(match[1]);
    const month = Number(match[2]);
    const day = Number(match[3]);
    const time = Date.UTC(year, month - 1, day);
    const check = new Date(time);
    // Date.UTC rolls 2026-02-30 over into March: a real calendar day survives the round trip.
    if (check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day) {
      return parsed(time / 1000 / secondsPerDay);
    }
  }
  return failed('invalid_date_error', 'Expected a date "YYYY-MM-DD"');
}

export function formatDate(day: number): string {
  return new Date(day * secondsPerDay * 1000).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeekIndex(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** Day names in either full or three-letter form, any case. */
export function parseDayOfWeek(value: unknown): Parsed<number> {
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    const index = daysOfWeek.findIndex((name) => name === text || name.slice(0, 3) === text);
    if (index >= 0) return parsed(index);
  }
  return failed('invalid_enum_value_error', 'Expected a day of the week', { allowed_values: daysOfWeek });
}
