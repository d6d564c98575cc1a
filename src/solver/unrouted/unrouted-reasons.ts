/**
 * The `reasons` of each unrouted job (docs/planning-model.md, "Why a job is unrouted"), every claim computed by
 * the kernel that prices plans, on the plan as answered:
 * - per cause, the routes the job fits not even alone (alone-causes.ts);
 * - `displaced` on the three cheapest routes it fits alone but not in the plan: where it would go there, the
 *   violations evaluate would report for that route and the internal cost it would add;
 * - `insertable` when some place adds no hard violation (the search missed it).
 */
import type { Job, Problem, Route } from '../../problem/model.js';
import type { Violation } from '../../problem/response/violations.js';
import { twoDecimals } from '../../problem/response/written-values.js';
import { DispatchPlan } from '../dispatch/dispatch-plan.js';
import type { SearchTravel } from '../search/plan-search.js';
import { aloneCauses, type AloneCause } from './alone-causes.js';
import { aloneDetail } from './alone-details.js';
import { addsHard, placementsOn, visitsWith, type Placement } from './placements.js';
import { violationsOf } from './route-violations.js';
import type { AloneReasonCode, ReasonCode } from '../../problem/unrouted-reason-codes.js';
import { violationPhrase } from './violation-phrases.js';

export interface UnroutedReason {
  code: ReasonCode;
  route_ids: string[];
  detail: string;
  index?: number;
  violations?: Violation[];
  delta_internal_cost?: number;
}

/** How many of the routes the job fits alone are reported as `displaced`. */
const DISPLACED_ROUTES = 3;

function aloneReasons(causes: readonly AloneCause[], job: Job): UnroutedReason[] {
  const byCode = new Map<AloneReasonCode, AloneCause[]>();
  for (const cause of causes) byCode.set(cause.code, [...(byCode.get(cause.code) ?? []), cause]);
  return [...byCode].map(([code, coded]) => ({
    code,
    route_ids: coded.map((cause) => cause.route.id),
    detail: aloneDetail(code, coded, job),
  }));
}

function placementReason(plan: DispatchPlan, job: Job, placement: Placement, code: 'displaced' | 'insertable'): UnroutedReason {
  const { route, index } = placement;
  const timed = plan.timeVisits(route, visitsWith(plan, placement, job));
  const violations = violationsOf(timed, route, plan.problem.jobs);
  // As evaluate's written internal costs differ: each rounded as written, then their difference.
  const delta = twoDecimals(twoDecimals(timed.internalCost) - twoDecimals(plan.prices[route.index]!.internalCost));
  const said = violations.length === 0 ? 'no violation' : violations.map(violationPhrase).join(', ');
  return {
    code,
    route_ids: [route.id],
    detail: `at job index ${index} of ${route.id}: ${said}; internal cost ${delta >= 0 ? '+' : ''}${delta}`,
    index,
    violations,
    delta_internal_cost: delta,
  };
}

function cheapestOf(placements: readonly (Placement | undefined)[]): Placement | undefined {
  let best: Placement | undefined;
  for (const placement of placements) if (placement && (!best || placement.delta < best.delta)) best = placement;
  return best;
}

function placementReasons(plan: DispatchPlan, job: Job, fitting: readonly Route[]): UnroutedReason[] {
  const perRoute = fitting.map((route) => placementsOn(plan, job, route));
  const insertable = cheapestOf(perRoute.map((placements) => placements.insertable));
  const displaced = perRoute
    .filter(addsHard)
    .map((placements) => placements.cheapest)
    .sort((a, b) => a.delta - b.delta || a.route.index - b.route.index)
    .slice(0, DISPLACED_ROUTES);
  const reasons = displaced.map((placement) => placementReason(plan, job, placement, 'displaced'));
  return insertable ? [placementReason(plan, job, insertable, 'insertable'), ...reasons] : reasons;
}

const noRoutes: UnroutedReason = { code: 'no_routes', route_ids: [], detail: 'the problem has no routes' };

function reasonsOf(plan: DispatchPlan, job: Job): UnroutedReason[] {
  const routes = plan.problem.routes;
  if (routes.length === 0) return [{ ...noRoutes }];
  const causes = routes.map((route) => aloneCauses(plan, job, route));
  const fitting = routes.filter((route) => causes[route.index]!.length === 0);
  return [...aloneReasons(causes.flat(), job), ...placementReasons(plan, job, fitting)];
}

/** Each job's reasons, in the order given, on a dispatch plan of the plan as answered. */
export function unroutedReasons(plan: DispatchPlan, jobs: readonly Job[], signal?: AbortSignal): UnroutedReason[][] {
  return jobs.map((job) => {
    signal?.throwIfAborted();
    return reasonsOf(plan, job);
  });
}

/** The same for a planned problem, priced on `travel` (the search's matrices; none when it has no routes). */
export function explainUnrouted(planned: Problem, travel: SearchTravel | undefined, jobs: readonly Job[], signal?: AbortSignal): UnroutedReason[][] {
  if (jobs.length === 0) return [];
  if (!travel || planned.routes.length === 0) return jobs.map(() => [{ ...noRoutes }]);
  return unroutedReasons(DispatchPlan.withTravel(planned, travel), jobs, signal);
}
