/**
 * The clock of a day on which the zone's offset changes (daylight saving). Plans compute in seconds elapsed
 * since the day's local midnight, so that a drive of an hour always takes an hour; times of day given and
 * written are wall-clock times. On every other day the two are the same and no DayClock exists. A DayClock is
 * plain data: problems travel to helper search threads by structured clone, and the VRP kernel reads its
 * `changeAt` and `shift` per route to put job windows and traffic hours on the wall clock (docs/planning-model.md,
 * "Daylight saving").
 */
import { instantOfLocalTime, offsetMinutesAt, type TimeZone } from './timezone.js';

export interface DayClock {
  zone: TimeZone;
  /** The day's local midnight as epoch seconds read as UTC (`day * 86400`). */
  localMidnight: number;
  /** The instant of that midnight. */
  midnight: number;
  /** Seconds after midnight at which the wall clock jumps. */
  changeAt: number;
  /** How far it jumps: +3600 when the clocks go forward, −3600 when they go back. */
  shift: number;
}

/** A route may run into the next day: the clock covers two days from the day's midnight. */
const coveredSeconds = 2 * 86400;

/** The first instant in (from, to] with another offset than `from`'s, to the second. */
function changeInstant(zone: TimeZone, from: number, to: number): number {
  const offset = offsetMinutesAt(zone, from);
  let [before, after] = [from, to];
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (offsetMinutesAt(zone, middle) === offset) before = middle;
    else after = middle;
  }
  return after;
}

/** The clock of `day` (days since 1970-01-01) in `zone`, or undefined when the offset does not change then. */
export function dayClock(zone: TimeZone, day: number): DayClock | undefined {
  if (zone.kind !== 'iana') return undefined;
  const localMidnight = day * 86400;
  const midnight = instantOfLocalTime(zone, localMidnight);
  const offset = offsetMinutesAt(zone, midnight);
  const firstDayChanges = offsetMinutesAt(zone, midnight + coveredSeconds / 2) !== offset;
  if (!firstDayChanges && offsetMinutesAt(zone, midnight + coveredSeconds) === offset) return undefined;
  const change = changeInstant(zone, midnight, midnight + (firstDayChanges ? coveredSeconds / 2 : coveredSeconds));
  return { zone, localMidnight, midnight, changeAt: change - midnight, shift: (offsetMinutesAt(zone, change) - offset) * 60 };
}

/**
 * Seconds after the day's local midnight at which the wall clock shows `wall` (seconds of day, may pass 24 h):
 * a time the clocks skip is the moment they jump; one they show twice is its first occurrence.
 */
export function elapsedOf(clock: DayClock, wall: number): number {
  return wall < clock.changeAt ? wall : Math.max(clock.changeAt, wall - clock.shift);
}

/** What the wall clock shows (seconds of the day, past 24 h on the next day) `elapsed` seconds after midnight. */
function wallOf(clock: DayClock, elapsed: number): number {
  return elapsed < clock.changeAt ? elapsed : elapsed + clock.shift;
}

/** `wallOf` when there is a clock; the time itself otherwise. */
export function wallTime(clock: DayClock | undefined, time: number): number {
  return clock ? wallOf(clock, time) : time;
}
