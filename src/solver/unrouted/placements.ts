/**
 * Where an unrouted job would go on the plan as it stands: on each route, the job index (among the route's
 * job visits; the job count means after its last visit) where the dispatch kernel prices it cheapest, and the
 * cheapest index that adds no hard violation, if there is one — a place the search missed. Only those two are
 * kept per route: a route of n jobs has n + 1 places, priced for every unrouted job on every route.
 */
import { positionPrice, type RoutePrice } from '../../kernels/vrp-dispatch.js';
import type { Job, Route, RouteVisit } from '../../problem/model.js';

/** What placements read of the plan being dispatched (src/solver/dispatch/dispatch-plan.ts). */
export interface DispatchedRoutes {
  readonly visits: readonly (readonly RouteVisit[])[];
  readonly prices: readonly RoutePrice[];
  /** The prices of each position of the route with `inserted` placed there. */
  positions(inserted: readonly RouteVisit[], route: Route): Float64Array;
  /** The job's placements on the route as last priced, while the route has not changed since. */
  remembered(job: Job, route: Route): RoutePlacements | undefined;
}

export interface Placement {
  route: Route;
  /** Among the route's job visits: the job goes before the index-th one (last when it equals their count). */
  index: number;
  /** The same place among all the route's visits (depot visits included). */
  position: number;
  /** Internal cost added, unrounded. */
  delta: number;
}

export interface RoutePlacements {
  cheapest: Placement;
  /** The cheapest place that adds no hard violation. */
  insertable: Placement | undefined;
}

/** Visit positions before each job visit, and after the last visit. */
function jobPositions(visits: readonly RouteVisit[]): number[] {
  const positions: number[] = [];
  visits.forEach((visit, position) => { if (visit.kind === 'job') positions.push(position); });
  positions.push(visits.length);
  return positions;
}

/** The route's two places from the prices of the job before each of its visits (plan.positions), as they stand. */
export function placementsFrom(plan: DispatchedRoutes, route: Route, prices: Float64Array): RoutePlacements {
  const before = plan.prices[route.index]!;
  const positions = jobPositions(plan.visits[route.index]!);
  let cheapest = -1;
  let insertable = -1;
  const deltaAt = (index: number) => positionPrice(prices, positions[index]!).internalCost - before.internalCost;
  positions.forEach((position, index) => {
    const price = positionPrice(prices, position);
    const delta = price.internalCost - before.internalCost;
    if (cheapest < 0 || delta < deltaAt(cheapest)) cheapest = index;
    if (price.hard <= before.hard && (insertable < 0 || delta < deltaAt(insertable))) insertable = index;
  });
  const placement = (index: number): Placement => ({ route, index, position: positions[index]!, delta: deltaAt(index) });
  return { cheapest: placement(cheapest), insertable: insertable < 0 ? undefined : placement(insertable) };
}

/** The route's two places for the job: as last priced when the route has not changed since (insert), else priced now. */
export function placementsOn(plan: DispatchedRoutes, job: Job, route: Route): RoutePlacements {
  return plan.remembered(job, route) ?? placementsFrom(plan, route, plan.positions([{ kind: 'job', job }], route));
}

/** The placement's route adds a hard violation there (it is not its route's insertable place). */
export function addsHard(placements: RoutePlacements): boolean {
  return placements.insertable?.position !== placements.cheapest.position;
}

/** The route's visits with the job placed there. */
export function visitsWith(plan: DispatchedRoutes, placement: Placement, job: Job): RouteVisit[] {
  const visits = [...plan.visits[placement.route.index]!];
  visits.splice(placement.position, 0, { kind: 'job', job });
  return visits;
}
