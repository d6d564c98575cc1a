/** The answer of an operation that returns routes: evaluate_response (and the base of build, optimize, sequence). */
import { withCustom } from './custom-echo.js';
import type { Problem } from '../model.js';
import type { TimedRoute } from '../../kernels/vrp-records.js';
import { routeResponse, type RouteResponse } from './route-response.js';
import type { StopPath } from './stop-response.js';
import { scheduleResponses, type ScheduleResponse } from './schedule-responses.js';

export interface PlanResponse {
  custom?: unknown;
  routes: RouteResponse[];
  schedules: ScheduleResponse[];
}

/** `paths` (settings.route_paths) holds, per route, the path to each timed stop. */
export function planResponse(problem: Problem, timed: readonly TimedRoute[], paths?: readonly (readonly StopPath[])[]): PlanResponse {
  let firstBreak = 0;
  const routes = problem.routes.map((route, index) => {
    const response = routeResponse(timed[index]!, problem, route, firstBreak, paths?.[index]);
    firstBreak += route.breaks.length;
    return response;
  });
  return withCustom(problem, { routes, schedules: scheduleResponses(problem) });
}
