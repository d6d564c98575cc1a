/** How numbers are written in responses: costs and distances to 2 decimals, times as whole-second text. */
import { formatDate } from '../../conventions/date.js';
import { formatDateTime } from '../../conventions/datetime.js';
import { instantOfLocalTime, offsetMinutesAt, type TimeZone } from '../../conventions/timezone.js';

export function twoDecimals(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The datetime of a time of day on a route's date, in the offset the plan's zone has at that instant. */
export function arrivalDateTime(day: number, secondsOfDay: number, zone: TimeZone): string {
  const instant = instantOfLocalTime(zone, day * 86400 + secondsOfDay);
  return formatDateTime(instant, offsetMinutesAt(zone, instant));
}

export { formatDate };
