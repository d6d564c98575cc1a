/**
 * Where an unrouted job would go on the plan as it stands: on each route, the job index (among the route's
 * job visits; the job count means after its last visit) where the dispatch kernel prices it cheapest, and on
 * the plan, the cheapest index that adds no hard violation, if there is one — a place the search missed.
 */
import { positionPrice, type RoutePrice } from '../../kernels/vrp-dispatch.js';
import type { Job, Route, RouteVisit } from '../../problem/model.js';
import type { DispatchPlan } from '../dispatch/dispatch-plan.js';

export interface Placement {
  route: Route;
  /** Among the route's job visits: the job goes before the index-th one (last when it equals their count). */
  index: number;
  /** The same place among all the route's visits (depot visits included). */
  position: number;
  price: RoutePrice;
  /** Internal cost added, unrounded. */
  delta: number;
  addsHard: boolean;
}

/** Visit positions before each job visit, and after the last visit. */
function jobPositions(visits: readonly RouteVisit[]): number[] {
  const positions: number[] = [];
  visits.forEach((visit, position) => { if (visit.kind === 'job') positions.push(position); });
  positions.push(visits.length);
  return positions;
}

export function placementsOn(plan: DispatchPlan, job: Job, route: Route): Placement[] {
  const before = plan.prices[route.index]!;
  const prices = plan.positions([{ kind: 'job', job }], route);
  return jobPositions(plan.visits[route.index]!).map((position, index) => {
    const price = positionPrice(prices, position);
    return { route, index, position, price, delta: price.internalCost - before.internalCost, addsHard: price.hard > before.hard };
  });
}

export function cheapestPlacement(placements: readonly Placement[]): Placement | undefined {
  let best: Placement | undefined;
  for (const placement of placements) if (!best || placement.delta < best.delta) best = placement;
  return best;
}

/** The route's visits with the job placed there. */
export function visitsWith(plan: DispatchPlan, placement: Placement, job: Job): RouteVisit[] {
  const visits = [...plan.visits[placement.route.index]!];
  visits.splice(placement.position, 0, { kind: 'job', job });
  return visits;
}
