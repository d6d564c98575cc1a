/**
 * Times of day (route `start_time`, window bounds, `arrival_time`): seconds since the midnight that starts the
 * route's day. Undated routes may run past midnight, so hours ≥ 24 are accepted and written (`25:10:00`).
 */
import { failed, type Parsed } from './faults.js';
import { boundedSeconds, clockSeconds, formatTimespan } from './timespan.js';

export function parseTimeOfDay(value: unknown): Parsed<number> {
  if (typeof value === 'string') {
    const clock = clockSeconds(value);
    if (clock && !clock.negative) return boundedSeconds(clock.seconds);
  }
  return failed('invalid_timespan_error', 'Expected a time of day "HH:MM" or "HH:MM:SS"');
}

export function formatTimeOfDay(secondsSinceMidnight: number): string {
  return formatTimespan(secondsSinceMidnight);
}
