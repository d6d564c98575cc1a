/**
 * Stop violations known before timing: whether a job may go on a route at all (attributes, drivers, dates).
 * Bits in the order of violation-types.ts; the kernel adds the timed ones (windows, depots, unsafe legs).
 */
import { dayOfWeekIndex } from '../../conventions/date.js';
import type { Job, Route } from '../model.js';
import { stopViolationTypes, type StopViolationType } from '../violation-types.js';

function violationBit(type: StopViolationType): number {
  return 1 << stopViolationTypes.indexOf(type);
}

function missing(required: readonly string[], available: readonly string[]): number {
  let count = 0;
  for (const attribute of required) if (!available.includes(attribute)) count++;
  return count;
}

function present(disallowed: readonly string[], available: readonly string[]): number {
  return disallowed.length - missing(disallowed, available);
}

/** Days from the route's date to the nearest date the job allows (0 when allowed or undated). */
function daysOutsideDateWindow(job: Job, route: Route): number {
  if (route.date === undefined) return 0;
  if (job.date !== undefined) return Math.abs(job.date - route.date);
  if (!job.allowedDates || job.allowedDates.length === 0) return 0;
  let nearest = Number.POSITIVE_INFINITY;
  for (const date of job.allowedDates) nearest = Math.min(nearest, Math.abs(date - route.date));
  return nearest;
}

function onDisallowedDay(job: Job, route: Route): boolean {
  if (route.date === undefined || !job.allowedDaysOfWeek) return false;
  return !job.allowedDaysOfWeek.includes(dayOfWeekIndex(route.date));
}

type Rule = (job: Job, route: Route) => number;

/** How far the job misses each eligibility rule on the route (0 = kept). */
const rules: readonly (readonly [StopViolationType, Rule])[] = [
  ['job_missed_date_window', daysOutsideDateWindow],
  ['job_delivered_on_disallowed_day', (job, route) => (onDisallowedDay(job, route) ? 1 : 0)],
  ['missing_route_attributes', (job, route) => missing(job.requiredRouteAttributes, route.routeAttributes)],
  ['disallowed_route_attributes', (job, route) => present(job.disallowedRouteAttributes, route.routeAttributes)],
  ['missing_vehicle_attributes', (job, route) => missing(job.requiredVehicleAttributes, route.vehicle?.attributes ?? [])],
  ['required_driver_mismatch', (job, route) => (job.requiredDriver !== undefined && job.requiredDriver !== route.driver?.id ? 1 : 0)],
  ['forbidden_driver', (job, route) => (route.driver !== undefined && job.forbiddenDrivers.includes(route.driver.id) ? 1 : 0)],
];

/** The amount by which `job` misses rule `type` on `route` (0 = kept, 1 for rules without a measure). */
export function eligibilityExcess(job: Job, route: Route, type: StopViolationType): number {
  const rule = rules.find(([ruleType]) => ruleType === type);
  return rule ? rule[1](job, route) : 1;
}

const ruleBits = rules.map(([type]) => violationBit(type));

export function eligibilityBits(job: Job, route: Route): number {
  let bits = 0;
  rules.forEach(([, rule], index) => {
    if (rule(job, route) > 0) bits |= ruleBits[index]!;
  });
  return bits >>> 0;
}
