/**
 * `settings.timezone`: an IANA name or a fixed offset (`+02:00`, `Z`). Dated plans turn a date and a time of
 * day into an instant through it, and write arrival datetimes in the offset that applies at that instant.
 */
import { failed, parsed, type Parsed } from './faults.js';

export type TimeZone = { kind: 'offset'; offsetMinutes: number } | { kind: 'iana'; name: string };

const offsetText = /^(?:UTC)?([+-])(\d{2}):?(\d{2})$/i;

export const utc: TimeZone = { kind: 'offset', offsetMinutes: 0 };

export function parseTimeZone(value: unknown): Parsed<TimeZone> {
  if (typeof value !== 'string') return failed('invalid_type_error', 'Expected a time zone name or offset');
  const text = value.trim();
  if (text === 'Z' || text.toUpperCase() === 'UTC') return parsed(utc);
  const match = offsetText.exec(text);
  if (match) {
    const minutes = Number(match[2]) * 60 + Number(match[3]);
    if (minutes < 24 * 60) return parsed({ kind: 'offset', offsetMinutes: match[1] === '-' ? -minutes : minutes });
  }
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: text });
    return parsed({ kind: 'iana', name: text });
  } catch {
    return failed('invalid_enum_value_error', `"${text}" is not an IANA time zone or an offset`);
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(name: string): Intl.DateTimeFormat {
  let formatter = formatters.get(name);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: name,
      hourCycle: 'h23',
      year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(name, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC, in minutes, at an instant. */
export function offsetMinutesAt(zone: TimeZone, epochSeconds: number): number {
  if (zone.kind === 'offset') return zone.offsetMinutes;
  const fields: Record<string, number> = {};
  for (const part of formatterOf(zone.name).formatToParts(new Date(Math.floor(epochSeconds) * 1000))) {
    fields[part.type] = Number(part.value);
  }
  const local = Date.UTC(fields.year!, fields.month! - 1, fields.day!, fields.hour!, fields.minute!, fields.second!);
  return Math.round((local / 1000 - Math.floor(epochSeconds)) / 60);
}

/** The instant of a local wall-clock time (seconds since the epoch as if it were UTC) in the zone. */
export function instantOfLocalTime(zone: TimeZone, localEpochSeconds: number): number {
  // Two fixed-point steps settle the offset even across a daylight-saving change.
  let offset = offsetMinutesAt(zone, localEpochSeconds);
  offset = offsetMinutesAt(zone, localEpochSeconds - offset * 60);
  return localEpochSeconds - offset * 60;
}
