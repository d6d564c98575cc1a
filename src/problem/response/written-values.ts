/** How numbers are written in responses: costs and distances to 2 decimals, times as whole-second text. */
import { formatDate } from '../../conventions/date.js';
import { formatDateTime } from '../../conventions/datetime.js';
import { instantOfLocalTime, offsetMinutesAt, type TimeZone } from '../../conventions/timezone.js';
import type { Route } from '../model.js';

export function twoDecimals(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The datetime of a time on a dated route's clock, in the offset the plan's zone has at that instant. */
export function arrivalDateTime(route: Pick<Route, 'clock'>, day: number, time: number, zone: TimeZone): string {
  const instant = route.clock ? route.clock.midnight + time : instantOfLocalTime(zone, day * 86400 + time);
  return formatDateTime(instant, offsetMinutesAt(zone, instant));
}

export { formatDate };
