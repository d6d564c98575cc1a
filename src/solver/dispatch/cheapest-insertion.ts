/**
 * Where one job adds the least internal cost on a dispatch plan: every position of every route, priced by
 * the dispatch kernel. A position that adds hard violations is refused unless they are allowed.
 */
import { positionCount, positionPrice, type RoutePrice } from '../../kernels/vrp-dispatch.js';
import type { Job, Route } from '../../problem/model.js';
import type { DispatchPlan } from './dispatch-plan.js';

export interface Insertion {
  route: Route;
  /** Visit index the job is inserted before (the visit count: last). */
  position: number;
  price: RoutePrice;
  /** Internal cost added. */
  delta: number;
}

/** Every acceptable insertion of the job, in route and position order. */
export function insertionsOf(plan: DispatchPlan, job: Job, allowHard: boolean): Insertion[] {
  const insertions: Insertion[] = [];
  for (const route of plan.problem.routes) {
    const before = plan.prices[route.index]!;
    const prices = plan.positions(job, route);
    for (let position = 0; position < positionCount(prices); position++) {
      const price = positionPrice(prices, position);
      if (!allowHard && price.hard > before.hard) continue;
      insertions.push({ route, position, price, delta: price.internalCost - before.internalCost });
    }
  }
  return insertions;
}

export function cheapestInsertion(plan: DispatchPlan, job: Job, allowHard: boolean): Insertion | undefined {
  let best: Insertion | undefined;
  for (const insertion of insertionsOf(plan, job, allowHard)) {
    if (!best || insertion.delta < best.delta) best = insertion;
  }
  return best;
}
