/**
 * Violations as written on stops and routes (docs/api.md, Violations): `{type, data: {amount, limit, metric?}}`.
 * Times are written as timespans or times of day; counts and loads as numbers.
 */
import { wallTime } from '../../conventions/day-clock.js';
import { formatTimeOfDay } from '../../conventions/time-of-day.js';
import { formatTimespan } from '../../conventions/timespan.js';
import type { TimedRoute, TimedStop } from '../../kernels/vrp-records.js';
import { eligibilityExcess } from '../flatten/eligibility.js';
import type { Job, Route } from '../model.js';
import { routeViolationTypes, stopViolationTypes, type ViolationType } from '../violation-types.js';
import { twoDecimals } from './written-values.js';

export interface Violation {
  type: ViolationType;
  data: { amount: string | number; limit: string | number; metric?: string };
}

function stopViolationData(type: (typeof stopViolationTypes)[number], stop: TimedStop, job: Job | undefined, route: Route): Violation['data'] {
  if (type === 'job_missed_time_window') {
    return { amount: formatTimeOfDay(wallTime(route.clock, stop.serviceStart)), limit: formatTimeOfDay(wallTime(route.clock, stop.windowEnd)) };
  }
  return { amount: job ? eligibilityExcess(job, route, type) : 1, limit: 0 };
}

export function stopViolations(stop: TimedStop, job: Job | undefined, route: Route): Violation[] {
  return stopViolationTypes
    .filter((_, bit) => (stop.violations & (1 << bit)) !== 0)
    .map((type) => ({ type, data: stopViolationData(type, stop, job, route) }));
}

function has(timed: TimedRoute, type: (typeof routeViolationTypes)[number]): boolean {
  return (timed.violations & (1 << routeViolationTypes.indexOf(type))) !== 0;
}

export function routeViolations(timed: TimedRoute, route: Route): Violation[] {
  const violations: Violation[] = [];
  const add = (type: ViolationType, amount: string | number, limit: string | number, metric?: string) =>
    violations.push({ type, data: metric === undefined ? { amount, limit } : { amount, limit, metric } });
  if (has(timed, 'exceeded_max_working_time')) add('exceeded_max_working_time', formatTimespan(timed.working), formatTimespan(route.maxWorkingTime!));
  if (has(timed, 'exceeded_max_driving_time')) add('exceeded_max_driving_time', formatTimespan(timed.driving), formatTimespan(route.maxDrivingTime!));
  if (has(timed, 'exceeded_end_time')) {
    add('exceeded_end_time', formatTimeOfDay(wallTime(route.clock, timed.end)), formatTimeOfDay(wallTime(route.clock, route.endTime!)));
  }
  timed.peakLoads.forEach((peak, metric) => {
    const capacity = route.loadCapacities?.[metric];
    if (capacity !== undefined && peak > capacity) add('exceeded_load_capacity', twoDecimals(peak), capacity, String(metric));
  });
  if (has(timed, 'exceeded_max_jobs_on_route')) add('exceeded_max_jobs_on_route', timed.jobCount, route.maxJobsOnRoute!);
  if (has(timed, 'break_not_taken')) add('break_not_taken', timed.breaksNotTaken, 0);
  if (has(timed, 'overtime')) add('overtime', formatTimespan(timed.working), formatTimespan(route.normalWorkingTime!));
  return violations;
}
