/**
 * The `detail` of an alone reason: what the job asks, then per route what stops it there, with the names and
 * numbers evaluate would report for the job alone on that route.
 */
import { formatDate } from '../../conventions/date.js';
import type { Job, Route } from '../../problem/model.js';
import type { AloneCause } from './alone-causes.js';
import type { AloneReasonCode } from '../../problem/unrouted-reason-codes.js';
import { violationPhrase } from './violation-phrases.js';

const list = (names: readonly string[]) => names.join(', ');
const lacking = (required: readonly string[], available: readonly string[]) => required.filter((name) => !available.includes(name));
const driverOf = (route: Route) => (route.driver ? `driven by ${route.driver.id}` : 'has no driver');

function allowedDates(job: Job): string {
  const dates = job.date !== undefined ? [job.date] : job.allowedDates ?? [];
  const parts: string[] = [];
  if (dates.length > 0) parts.push(`dates ${list(dates.map(formatDate))}`);
  if (job.allowedDaysOfWeek) parts.push(`days of the week ${list(job.allowedDaysOfWeek.map(String))} (0 = Sunday)`);
  return parts.join(' and ');
}

function depotNeeds(job: Job): string {
  const sides = [[job.requiredPreJobDepotAttributes, 'before it'], [job.requiredPostJobDepotAttributes, 'after it']] as const;
  return sides.filter(([needs]) => needs.length > 0).map(([needs, side]) => `${list(needs)} ${side}`).join(' and ');
}

interface DetailWords {
  /** What the job asks for, said once. */
  lead(job: Job): string;
  /** What stops it on one route; the violations' phrases when absent. */
  route?(cause: AloneCause, job: Job): string;
}

const phrasesOf = (cause: AloneCause) => list(cause.violations.map(violationPhrase));

const words: Record<AloneReasonCode, DetailWords> = {
  route_attributes_missing: {
    lead: (job) => `the job requires route attributes ${list(job.requiredRouteAttributes)}`,
    route: ({ route }, job) => `lacks ${list(lacking(job.requiredRouteAttributes, route.routeAttributes))}`,
  },
  route_attributes_disallowed: {
    lead: (job) => `the job disallows route attributes ${list(job.disallowedRouteAttributes)}`,
    route: ({ route }, job) => `has ${list(job.disallowedRouteAttributes.filter((name) => route.routeAttributes.includes(name)))}`,
  },
  vehicle_attributes_missing: {
    lead: (job) => `the job requires vehicle attributes ${list(job.requiredVehicleAttributes)}`,
    route: ({ route }, job) => `vehicle ${route.vehicle?.id ?? '(none)'} lacks ${list(lacking(job.requiredVehicleAttributes, route.vehicle?.attributes ?? []))}`,
  },
  driver_required: { lead: (job) => `the job requires driver ${job.requiredDriver}`, route: ({ route }) => driverOf(route) },
  driver_forbidden: { lead: (job) => `the job forbids drivers ${list(job.forbiddenDrivers)}`, route: ({ route }) => driverOf(route) },
  date_not_allowed: {
    lead: (job) => `the job allows ${allowedDates(job)}`,
    route: (cause) => `on ${formatDate(cause.route.date!)}: ${phrasesOf(cause)}`,
  },
  time_window_unreachable: { lead: () => "even driving straight from the route's start" },
  shift_too_short: { lead: () => 'even with the job alone (start → job → end)' },
  capacity_exceeded: { lead: (job) => `the job's load ${list(job.loads.map(String))} alone` },
  route_takes_no_jobs: { lead: () => 'the route takes no jobs' },
  no_road_path: {
    lead: () => 'no road connects the job with the route',
    route: (cause) => (cause.roadless === 'end' ? "none from the job to the route's end" : "none from the route's start to the job"),
  },
  no_safe_route: { lead: () => "the job's place is reached only on roads the route's vehicle may not use" },
  depot_attributes_unavailable: {
    lead: (job) => `the job needs depot attributes ${depotNeeds(job)}, and no depot of the problem gives them there, not even as a reload`,
  },
  critical_violation: {
    lead: () => 'settings.critical_violations makes these hard',
    route: (cause) => list(cause.violations.map((violation) => `${violation.type}: ${violationPhrase(violation)}`)),
  },
};

export function aloneDetail(code: AloneReasonCode, causes: readonly AloneCause[], job: Job): string {
  const { lead, route } = words[code];
  const parts = causes.map((cause) => `${cause.route.id}: ${route ? route(cause, job) : phrasesOf(cause)}`);
  return `${lead(job)}; ${parts.join('; ')}`;
}
