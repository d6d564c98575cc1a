/** stop_response (docs/api.md, Responses) from a timed stop. */
import { wallTime } from '../../conventions/day-clock.js';
import { formatLatLon, type LatLon } from '../../conventions/latlon.js';
import { formatTimeOfDay } from '../../conventions/time-of-day.js';
import { formatTimespan } from '../../conventions/timespan.js';
import type { TimedStop } from '../../kernels/vrp-records.js';
import type { Job, Place, Problem, Route } from '../model.js';
import { stopViolations } from './violations.js';
import { arrivalDateTime, twoDecimals } from './written-values.js';

export type StopResponse = Record<string, unknown>;

const stopTypes = {
  start_depot: 'depot', end_depot: 'depot', depot_visit: 'depot', job: 'job', job_exit: 'job_exit', break: 'break', legal_break: 'legal_break',
} as const;

function placeFields(place: Place | undefined): StopResponse {
  if (!place) return {};
  const fields: StopResponse = { location: formatLatLon(place.point) };
  if (place.markerId !== undefined) fields.id = place.markerId;
  const custom = place.source?.custom;
  if (custom !== undefined) fields.custom = custom;
  return fields;
}

/** Where a stop belongs: its problem, its route, and the index of the route's first break in the flat break list. */
export interface StopContext {
  problem: Problem;
  route: Route;
  firstBreak: number;
}

/** `path_to_stop` (settings.route_paths): the points driven from the previous stop with a place. */
export type StopPath = readonly LatLon[] | undefined;

function identity(stop: TimedStop, { problem, route, firstBreak }: StopContext): { fields: StopResponse; job: Job | undefined } {
  if (stop.kind === 'job' || stop.kind === 'job_exit') {
    const job = problem.jobs[stop.ref]!;
    const fields: StopResponse = { id: job.id };
    if (job.source.custom !== undefined) fields.custom = job.source.custom;
    return { fields, job };
  }
  if (stop.kind === 'break') {
    const driverBreak = route.breaks[stop.ref - firstBreak]!;
    return { fields: driverBreak.name === undefined ? { id: driverBreak.id } : { id: driverBreak.id, name: driverBreak.name }, job: undefined };
  }
  if (stop.kind === 'legal_break') return { fields: { id: `legal_break_${stop.ref}` }, job: undefined };
  return { fields: placeFields(problem.places[stop.place]), job: undefined };
}

function loadFields(stop: TimedStop): StopResponse {
  if (stop.loads.length === 0) return {};
  const loads = stop.loads.map(twoDecimals);
  return loads.length === 1 ? { load: loads[0] } : { load: loads[0], loads };
}

/** The drive to a stop as written, rounded with its route's other stops (route-response.ts). */
export interface WrittenLeg {
  timeTo: number;
  distanceTo: number;
}

export function stopResponse(stop: TimedStop, context: StopContext, leg: WrittenLeg, path?: StopPath): StopResponse {
  const { problem, route } = context;
  const { fields, job } = identity(stop, context);
  const response: StopResponse = { type: stopTypes[stop.kind], ...fields };
  // Instants are rounded and the durations between them derived, so that the written departure is exactly
  // the written arrival + idle + time on site.
  const [arrival, start, departure] = [stop.arrival, stop.serviceStart, stop.departure].map(Math.round) as [number, number, number];
  // Durations are differences of elapsed times; times of day are what the wall clock shows (day-clock.ts).
  response.arrival_time = formatTimeOfDay(wallTime(route.clock, arrival));
  if (route.date !== undefined) response.arrival_datetime = arrivalDateTime(route, route.date, arrival, problem.settings.timezone);
  if (start > arrival) response.idle_time = formatTimespan(start - arrival);
  response.departure_time = formatTimeOfDay(wallTime(route.clock, departure));
  response.time_on_site = formatTimespan(departure - start);
  response.distance_to_meters = leg.distanceTo;
  response.time_to = formatTimespan(leg.timeTo);
  Object.assign(response, loadFields(stop));
  if (path) response.path_to_stop = path.map(formatLatLon);
  const violations = stopViolations(stop, job, route);
  if (violations.length > 0) response.violations = violations;
  return response;
}
