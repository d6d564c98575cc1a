/** route_response (docs/api.md, Responses) from a timed route. */
import { wallTime } from '../../conventions/day-clock.js';
import { formatTimeOfDay } from '../../conventions/time-of-day.js';
import { formatTimespan } from '../../conventions/timespan.js';
import type { TimedRoute } from '../../kernels/vrp-records.js';
import type { Problem, Route } from '../model.js';
import { apportion } from '../../conventions/apportion.js';
import { stopResponse, type StopPath, type StopResponse, type WrittenLeg } from './stop-response.js';
import { routeViolations } from './violations.js';
import { formatDate, twoDecimals } from './written-values.js';

export type RouteResponse = Record<string, unknown> & { stops: StopResponse[] };

function identity(route: Route): Record<string, unknown> {
  const fields: Record<string, unknown> = { id: route.id };
  if (route.name !== undefined) fields.name = route.name;
  if (route.vehicle) fields.vehicle = route.vehicle.id;
  if (route.driver) fields.driver = route.driver.id;
  if (route.date !== undefined) fields.date = formatDate(route.date);
  return fields;
}

/** Each stop's `time_to` (seconds) and `distance_to_meters` as written: they add up to the route's written totals. */
function writtenLegs(timed: TimedRoute): WrittenLeg[] {
  const times = apportion(timed.stops.map((stop) => stop.timeTo), timed.driving);
  const distances = apportion(timed.stops.map((stop) => stop.distanceTo), timed.distance, 100);
  return times.map((timeTo, index) => ({ timeTo, distanceTo: distances[index]! }));
}

export function routeResponse(timed: TimedRoute, problem: Problem, route: Route, firstBreak: number, paths?: readonly StopPath[]): RouteResponse {
  const empty = timed.stops.length === 0;
  const legs = writtenLegs(timed);
  const response: RouteResponse = {
    ...identity(route),
    cost: twoDecimals(timed.cost),
    internal_cost: twoDecimals(timed.internalCost),
    distance_meters: twoDecimals(timed.distance),
    driving_time: formatTimespan(timed.driving),
    // The difference of the written start and end, like a stop's durations (stop-response.ts).
    working_time: formatTimespan(empty ? 0 : Math.round(timed.end) - Math.round(timed.start)),
    idle_time: formatTimespan(timed.idle),
    start_time: formatTimeOfDay(wallTime(route.clock, timed.start)),
    end_time: formatTimeOfDay(wallTime(route.clock, timed.end)),
    stops: timed.stops.map((stop, index) => stopResponse(stop, { problem, route, firstBreak }, legs[index]!, paths?.[index])),
    violations: routeViolations(timed, route),
  };
  if (route.source.custom !== undefined) response.custom = route.source.custom;
  return response;
}
