/**
 * The clock of a day on which the zone's offset changes (daylight saving). Plans compute in seconds elapsed
 * since the day's local midnight, so that a drive of an hour always takes an hour; times of day given and
 * written are wall-clock times. On every other day the two are the same and no DayClock exists. A DayClock is
 * plain data: problems travel to helper search threads by structured clone.
 */
import { instantOfLocalTime, offsetMinutesAt, type TimeZone } from './timezone.js';

export interface DayClock {
  zone: TimeZone;
  /** The day's local midnight as epoch seconds read as UTC (`day * 86400`). */
  localMidnight: number;
  /** The instant of that midnight. */
  midnight: number;
}

/** A route may run into the next day: the clock covers two days from the day's midnight. */
const coveredSeconds = 2 * 86400;

/** The clock of `day` (days since 1970-01-01) in `zone`, or undefined when the offset does not change then. */
export function dayClock(zone: TimeZone, day: number): DayClock | undefined {
  if (zone.kind !== 'iana') return undefined;
  const localMidnight = day * 86400;
  const midnight = instantOfLocalTime(zone, localMidnight);
  const offset = offsetMinutesAt(zone, midnight);
  const changes = offsetMinutesAt(zone, midnight + coveredSeconds / 2) !== offset || offsetMinutesAt(zone, midnight + coveredSeconds) !== offset;
  return changes ? { zone, localMidnight, midnight } : undefined;
}

/** Seconds after the day's local midnight at which the wall clock shows `wall` (seconds of day, may pass 24 h). */
export function elapsedOf(clock: DayClock, wall: number): number {
  if (!Number.isFinite(wall)) return wall;
  return instantOfLocalTime(clock.zone, clock.localMidnight + wall) - clock.midnight;
}

/** What the wall clock shows (seconds of the day, past 24 h on the next day) `elapsed` seconds after midnight. */
function wallOf(clock: DayClock, elapsed: number): number {
  if (!Number.isFinite(elapsed)) return elapsed;
  const instant = clock.midnight + elapsed;
  return instant + offsetMinutesAt(clock.zone, instant) * 60 - clock.localMidnight;
}

/** `wallOf` when there is a clock; the time itself otherwise. */
export function wallTime(clock: DayClock | undefined, time: number): number {
  return clock ? wallOf(clock, time) : time;
}
