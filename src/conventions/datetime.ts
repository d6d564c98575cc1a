/**
 * Datetimes: ISO 8601 with `Z` or an offset. The offset is kept, because arrival datetimes are written in the
 * offset of the plan (docs/api.md, Problem fields) rather than in UTC.
 */
import { failed, parsed, type Parsed } from './faults.js';
import { formatTimespan } from './timespan.js';

export interface DateTime {
  /** Seconds since 1970-01-01T00:00:00Z; fractional seconds kept. */
  epochSeconds: number;
  /** Offset from UTC in minutes (east positive), as written. */
  offsetMinutes: number;
}

const dateTimeText =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

function offsetMinutesOf(text: string): number {
  if (text.toUpperCase() === 'Z') return 0;
  const digits = text.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
  return text.startsWith('-') ? -minutes : minutes;
}

export function parseDateTime(value: unknown): Parsed<DateTime> {
  const match = typeof value === 'string' ? dateTimeText.exec(value.trim()) : null;
  if (match) {
    const [, year, month, day, hour, minute, second = '0', fraction = ''] = match;
    const offsetMinutes = offsetMinutesOf(match[8]!);
    const local = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
    const check = new Date(local);
    const fieldsValid =
      check.getUTCDate() === Number(day) && check.getUTCHours() === Number(hour) && Math.abs(offsetMinutes) < 24 * 60;
    if (fieldsValid) {
      return parsed({ epochSeconds: local / 1000 + Number(`0${fraction}`) - offsetMinutes * 60, offsetMinutes });
    }
  }
  return failed('invalid_date_error', 'Expected an ISO 8601 datetime with "Z" or an offset');
}

function offsetText(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'Z';
  const sign = offsetMinutes < 0 ? '-' : '+';
  return sign + formatTimespan(Math.abs(offsetMinutes) * 60).slice(0, 5);
}

/** `YYYY-MM-DDTHH:MM:SS` in the given offset, rounded to whole seconds, suffixed `Z` or `±HH:MM`. */
export function formatDateTime(epochSeconds: number, offsetMinutes: number): string {
  const localMilliseconds = (Math.round(epochSeconds) + offsetMinutes * 60) * 1000;
  return new Date(localMilliseconds).toISOString().slice(0, 19) + offsetText(offsetMinutes);
}
