/**
 * `return_request: true` (docs/api.md, Responses): the original problem with each route's `stops` filled by its
 * stop_responses, jobs written inline on routes hoisted to the top-level `jobs`, and `route.response` holding
 * the route_response without its stops. Evaluating this problem again gives the same answer.
 */
import type { Problem } from '../model.js';
import { matrixRows } from '../normalize/settings-matrix.js';
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
  const returned: Record<string, unknown> = { ...problem.source, jobs: [...topLevelJobs, ...inlineJobs], routes };
  const matrix = problem.settings.matrix;
  if (matrix) {
    const rows = (table: Float64Array) => matrixRows(table, matrix.size);
    returned.settings = { ...(problem.source.settings as object), matrix: { durations: rows(matrix.durations), distances: rows(matrix.distances) } };
  }
  return returned;
}
