/** Every violation of a timed route as evaluate writes them, in the order a caller can collect them from its answer. */
import type { TimedRoute } from '../../kernels/vrp-records.js';
import type { Job, Route } from '../../problem/model.js';
import { routeViolations, stopViolations, type Violation } from '../../problem/response/violations.js';

/** Every violation of the timed route, as evaluate writes them: the route's own, then each stop's in order. */
export function violationsOf(timed: TimedRoute, route: Route, jobs: readonly Job[]): Violation[] {
  const stops = timed.stops.flatMap((stop) => {
    const job = stop.kind === 'job' || stop.kind === 'job_exit' ? jobs[stop.ref] : undefined;
    return stopViolations(stop, job, route);
  });
  return [...routeViolations(timed, route), ...stops];
}
