/** problem_aggregates (docs/api.md, Aggregates, `aggregate=1`): totals over the routes of a plan. */
import { formatTimespan } from '../../conventions/timespan.js';
import type { TimedRoute } from '../../kernels/vrp-records.js';
import type { Problem } from '../model.js';
import { twoDecimals } from './written-values.js';

export interface ProblemAggregates {
  num_routes: number;
  num_drivers_used: number;
  num_assigned_jobs: number;
  num_unassigned_jobs: number;
  num_violations: number;
  total_cost: number;
  total_internal_cost: number;
  total_distance_meters: number;
  total_driving_time: string;
  total_working_time: string;
  load?: number;
  loads?: number[];
}

/** `unassigned` counts the jobs an operation left unrouted (none for evaluate, which prices what is given). */
export function aggregatesOf(problem: Problem, timed: readonly TimedRoute[], unassigned = 0): ProblemAggregates {
  const used = problem.routes.filter((_, index) => timed[index]!.jobCount > 0);
  const sum = (value: (route: TimedRoute) => number) => timed.reduce((total, route) => total + value(route), 0);
  const delivered = Array.from({ length: problem.loadMetrics }, (_, metric) =>
    used.reduce((total, route) => total + route.visits.reduce((load, visit) => load + (visit.kind === 'job' ? visit.job.loads[metric] ?? 0 : 0), 0), 0));
  const aggregates: ProblemAggregates = {
    num_routes: used.length,
    num_drivers_used: new Set(used.map((route) => route.driver?.id ?? `route:${route.id}`)).size,
    num_assigned_jobs: sum((route) => route.jobCount),
    num_unassigned_jobs: unassigned,
    num_violations: sum((route) => route.violationCount),
    total_cost: twoDecimals(sum((route) => route.cost)),
    total_internal_cost: twoDecimals(sum((route) => route.internalCost)),
    total_distance_meters: twoDecimals(sum((route) => route.distance)),
    total_driving_time: formatTimespan(sum((route) => route.driving)),
    total_working_time: formatTimespan(sum((route) => (route.jobCount > 0 ? route.working : 0))),
  };
  if (delivered.length === 1) aggregates.load = twoDecimals(delivered[0]!);
  if (delivered.length > 1) aggregates.loads = delivered.map(twoDecimals);
  return aggregates;
}
