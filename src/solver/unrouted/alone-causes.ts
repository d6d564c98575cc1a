/**
 * Why a job fits a route not even alone: the job timed as the only visit of the route emptied of its other
 * jobs, by the kernel that prices plans, and each violation the search refuses turned into a cause. A job
 * stopped only by depot attributes is tried again with a reload at each depot before and after it, as the
 * search inserts them; it fits alone when one of those works.
 */
import type { Job, Route, RouteVisit } from '../../problem/model.js';
import type { Violation } from '../../problem/response/violations.js';
import { unreachable } from '../../problem/travel/travel-costs.js';
import type { DispatchPlan } from '../dispatch/dispatch-plan.js';
import type { AloneReasonCode } from '../../problem/unrouted-reason-codes.js';
import { blockingCode } from './reason-codes.js';
import { violationsOf } from './route-violations.js';

export interface AloneCause {
  code: AloneReasonCode;
  route: Route;
  /** The violations behind the code, as evaluate writes them for the job alone on the route. */
  violations: Violation[];
  /** For no_road_path: which end of the route has no road to or from the job. */
  roadless?: 'start' | 'end';
}

function blockingViolations(plan: DispatchPlan, route: Route, visits: RouteVisit[]): Violation[] {
  const settings = plan.problem.settings;
  const timed = plan.timeVisits(route, visits);
  return violationsOf(timed, route, plan.problem.jobs).filter((violation) => blockingCode(violation.type, settings) !== undefined);
}

const depotTypes: readonly string[] = ['missing_pre_job_depot_attributes', 'missing_post_job_depot_attributes'];

/** Reloads at the depots that have every attribute of `needs` (none when nothing is needed on that side). */
function reloadsFor(plan: DispatchPlan, needs: readonly string[]): RouteVisit[] {
  if (needs.length === 0) return [];
  return plan.problem.places
    .filter((place) => place.isDepot && needs.every((need) => place.attributes.includes(need)))
    .map((place) => ({ kind: 'depot', place }));
}

/**
 * The job with reloads that could give it the depot attributes it needs: before it at a depot with its pre
 * attributes, after it at one with its post attributes, or one on each side.
 */
function reloadVariants(plan: DispatchPlan, job: Job): RouteVisit[][] {
  const visit: RouteVisit = { kind: 'job', job };
  const before = reloadsFor(plan, job.requiredPreJobDepotAttributes);
  const after = reloadsFor(plan, job.requiredPostJobDepotAttributes);
  return [
    ...before.map((depot) => [depot, visit]),
    ...after.map((depot) => [visit, depot]),
    ...before.flatMap((first) => after.map((last) => [first, visit, last])),
  ];
}

function fitsWithAReload(plan: DispatchPlan, job: Job, route: Route): boolean {
  return reloadVariants(plan, job).some((visits) => blockingViolations(plan, route, visits).length === 0);
}

function legMissing(plan: DispatchPlan, route: Route, from: number, to: number): boolean {
  const { matrices, classOfRoute } = plan.travel;
  const matrix = matrices[classOfRoute[route.index]!]!;
  return matrix.durations[from * matrix.size + to] === unreachable || matrix.distances[from * matrix.size + to] === unreachable;
}

/** Which end of the route has no road to the job (or from it), if any. */
function roadlessEnd(plan: DispatchPlan, job: Job, route: Route): 'start' | 'end' | undefined {
  const last = (job.exitLocation ?? job.location).index;
  if (job.exitLocation && legMissing(plan, route, job.location.index, job.exitLocation.index)) return 'start';
  if (route.startLocation && legMissing(plan, route, route.startLocation.index, job.location.index)) return 'start';
  if (route.endLocation && legMissing(plan, route, last, route.endLocation.index)) return 'end';
  return undefined;
}

/** The causes that keep the job off the route even alone, one per code; none when it fits there alone. */
export function aloneCauses(plan: DispatchPlan, job: Job, route: Route): AloneCause[] {
  const alone: RouteVisit[] = [{ kind: 'job', job }];
  // Most jobs fit most routes alone: the price's count of hard violations says so without decoding the stops.
  if (plan.priceOf(route, alone).hard === 0) return [];
  const blocking = blockingViolations(plan, route, alone);
  if (blocking.length === 0) return [];
  if (blocking.every((violation) => depotTypes.includes(violation.type)) && fitsWithAReload(plan, job, route)) return [];
  const settings = plan.problem.settings;
  const roadless = blocking.some((violation) => violation.type === 'no_safe_route') ? roadlessEnd(plan, job, route) : undefined;
  const causes = new Map<AloneReasonCode, AloneCause>();
  for (const violation of blocking) {
    let code = blockingCode(violation.type, settings)!;
    if (code === 'no_safe_route' && roadless) code = 'no_road_path';
    const cause = causes.get(code) ?? { code, route, violations: [], ...(code === 'no_road_path' ? { roadless } : {}) };
    cause.violations.push(violation);
    causes.set(code, cause);
  }
  return [...causes.values()];
}
