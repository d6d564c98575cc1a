/**
 * `return_request: true` (extensions §5): the original problem with each route's `stops` filled by its
 * stop_responses, jobs written inline on routes hoisted to the top-level `jobs`, and `route.response` holding
 * the route_response without its stops. Evaluating this problem again gives the same answer.
 */
import type { Problem } from '../model.js';
import type { PlanResponse } from './plan-response.js';

export function returnedRequest(problem: Problem, response: PlanResponse): Record<string, unknown> {
  const inlineJobs: unknown[] = [];
  const routes = problem.routes.map((route, index) => {
    const { stops, ...withoutStops } = response.routes[index]!;
    const { jobs, ...source } = route.source;
    if (Array.isArray(jobs)) inlineJobs.push(...jobs.filter((job) => typeof job === 'object' && job !== null));
    return { ...source, stops, response: withoutStops };
  });
  const topLevelJobs = Array.isArray(problem.source.jobs) ? problem.source.jobs : [];
  return { ...problem.source, jobs: [...topLevelJobs, ...inlineJobs], routes };
}
