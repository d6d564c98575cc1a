/**
 * Stop violations known before timing: whether a job may go on a route at all (attributes, drivers, dates).
 * Bits in the order of violation-types.ts; the kernel adds the timed ones (windows, depots, unsafe legs).
 */
import { dayOfWeekIndex } from '../../conventions/date.js';
import type { Job, Route } from '../model.js';
import { stopViolationTypes, type StopViolationType } from '../violation-types.js';

export function violationBit(type: StopViolationType): number {
  return 1 << stopViolationTypes.indexOf(type);
}

function missing(required: readonly string[], available: readonly string[]): number {
  return required.filter((attribute) => !available.includes(attribute)).length;
}

/** Days from the route's date to the nearest date the job allows (0 when allowed or undated). */
export function daysOutsideDateWindow(job: Job, route: Route): number {
  if (route.date === undefined) return 0;
  const allowed = job.date !== undefined ? [job.date] : job.allowedDates;
  if (!allowed || allowed.length === 0) return 0;
  return Math.min(...allowed.map((date) => Math.abs(date - route.date!)));
}

export function onDisallowedDay(job: Job, route: Route): boolean {
  if (route.date === undefined || !job.allowedDaysOfWeek) return false;
  return !job.allowedDaysOfWeek.includes(dayOfWeekIndex(route.date));
}

/** How far the job misses each eligibility rule on the route (0 = kept), by violation type. */
export function eligibilityExcess(job: Job, route: Route): Partial<Record<StopViolationType, number>> {
  const driverId = route.driver?.id;
  return {
    job_missed_date_window: daysOutsideDateWindow(job, route),
    job_delivered_on_disallowed_day: onDisallowedDay(job, route) ? 1 : 0,
    missing_route_attributes: missing(job.requiredRouteAttributes, route.routeAttributes),
    disallowed_route_attributes: job.disallowedRouteAttributes.filter((attribute) => route.routeAttributes.includes(attribute)).length,
    missing_vehicle_attributes: missing(job.requiredVehicleAttributes, route.vehicle?.attributes ?? []),
    required_driver_mismatch: job.requiredDriver !== undefined && job.requiredDriver !== driverId ? 1 : 0,
    forbidden_driver: driverId !== undefined && job.forbiddenDrivers.includes(driverId) ? 1 : 0,
  };
}

export function eligibilityBits(job: Job, route: Route): number {
  let bits = 0;
  for (const [type, excess] of Object.entries(eligibilityExcess(job, route))) {
    if (excess > 0) bits |= violationBit(type as StopViolationType);
  }
  return bits >>> 0;
}
