/**
 * Times every route of a problem exactly as given: travel matrices per travel class from the problem's travel
 * cost source, the flat problem bound in the VRP kernel, then each route timed by the kernel. The one source of
 * times, costs and violations for every operation that answers routes.
 */
import { BoundProblem } from '../kernels/vrp-bound-problem.js';
import { decodeRoute, type TimedRoute } from '../kernels/vrp-records.js';
import { flattenProblem } from '../problem/flatten/flatten-problem.js';
import type { Problem } from '../problem/model.js';
import { travelCostSourceOf } from '../problem/travel/travel-cost-source.js';
import { travelClassesOf, type TravelMatrices } from '../problem/travel/travel-costs.js';

export interface PlanTiming {
  routes: TimedRoute[];
  bound: BoundProblem;
  /** Milliseconds spent obtaining travel matrices (reported separately by the evaluate bench). */
  travelMilliseconds: number;
}

/** One matrix set per travel class of the problem's routes, and which class each route uses. */
export async function travelMatricesOf(problem: Problem) {
  const { classes, classOfRoute } = travelClassesOf(problem.routes);
  const source = travelCostSourceOf(problem);
  const started = performance.now();
  const matrices: TravelMatrices[] = [];
  for (const travelClass of classes) matrices.push(await source.matrices(problem.places, travelClass));
  return { matrices, classOfRoute, travelMilliseconds: performance.now() - started };
}

/** Travel classes with no matrix: a binding that only times routes along their given legs. */
function legsOnly(problem: Problem, classCount: number, slots: number): TravelMatrices[] {
  const none = new Float64Array(0);
  const safe = new Uint8Array(problem.places.length);
  return Array.from({ length: classCount }, () => ({ size: problem.places.length, slots, durations: none, distances: none, unsafePlaces: safe }));
}

/** The legs every route drives as given, from the problem's travel cost source. */
export async function travelLegsOf(problem: Problem) {
  const { classes, classOfRoute } = travelClassesOf(problem.routes);
  const started = performance.now();
  const legs = await travelCostSourceOf(problem).routeLegs(problem, classes, classOfRoute);
  return { legs, classCount: classes.length, classOfRoute, travelMilliseconds: performance.now() - started };
}

/** The problem bound in this thread's kernel, timing along the given legs. */
export function bindAlongLegs(problem: Problem, travel: Awaited<ReturnType<typeof travelLegsOf>>): BoundProblem {
  const { legs, classCount, classOfRoute } = travel;
  return new BoundProblem(flattenProblem(problem, classOfRoute, legs), legsOnly(problem, classCount, legs.slots));
}

export async function timePlan(problem: Problem, signal?: AbortSignal): Promise<PlanTiming> {
  const travel = await travelLegsOf(problem);
  const { travelMilliseconds } = travel;
  const bound = bindAlongLegs(problem, travel);
  const routes: TimedRoute[] = [];
  for (let route = 0; route < problem.routes.length; route++) {
    signal?.throwIfAborted();
    routes.push(decodeRoute(bound.timeRoute(route), bound.kernel.layout, problem.loadMetrics));
  }
  return { routes, bound, travelMilliseconds };
}
