/**
 * Where one job adds the least internal cost on a dispatch plan: every position of every route, priced by
 * the dispatch kernel. A position that adds hard violations is refused unless they are allowed. On a route
 * where the job fits nowhere alone, it is tried with a visit to a depot of the problem just before it or just
 * after it (a reload for capacity, or the depot attributes it needs): the depot visits reloads require.
 */
import { positionCount, positionPrice, type RoutePrice } from '../../kernels/vrp-dispatch.js';
import type { Job, Route, RouteVisit } from '../../problem/model.js';
import type { DispatchPlan } from './dispatch-plan.js';

export interface Insertion {
  route: Route;
  /** Visit index the inserted visits go before (the visit count: last). */
  position: number;
  /** The job, with a depot visit before or after it when it needs one. */
  visits: RouteVisit[];
  price: RoutePrice;
  /** Internal cost added. */
  delta: number;
}

function insertionsWith(plan: DispatchPlan, route: Route, visits: RouteVisit[], allowHard: boolean): Insertion[] {
  const insertions: Insertion[] = [];
  const before = plan.prices[route.index]!;
  const prices = plan.positions(visits, route);
  for (let position = 0; position < positionCount(prices); position++) {
    const price = positionPrice(prices, position);
    if (!allowHard && price.hard > before.hard) continue;
    insertions.push({ route, position, visits, price, delta: price.internalCost - before.internalCost });
  }
  return insertions;
}

/** The job with a depot visit before it, or after it, for each depot of the problem. */
function withReloads(plan: DispatchPlan, job: Job): RouteVisit[][] {
  const jobVisit: RouteVisit = { kind: 'job', job };
  return plan.problem.places.filter((place) => place.isDepot).flatMap((place) => {
    const depot: RouteVisit = { kind: 'depot', place };
    return [[depot, jobVisit], [jobVisit, depot]];
  });
}

/** Every acceptable insertion of the job on one route (with a reload only when it fits there in no other way). */
export function insertionsOn(plan: DispatchPlan, job: Job, route: Route, allowHard: boolean): Insertion[] {
  const alone = insertionsWith(plan, route, [{ kind: 'job', job }], allowHard);
  if (alone.length > 0) return alone;
  return withReloads(plan, job).flatMap((visits) => insertionsWith(plan, route, visits, allowHard));
}

/** Every acceptable insertion of the job, in route and position order. */
export function insertionsOf(plan: DispatchPlan, job: Job, allowHard: boolean): Insertion[] {
  return plan.problem.routes.flatMap((route) => insertionsOn(plan, job, route, allowHard));
}

export function cheapest(insertions: readonly (Insertion | undefined)[]): Insertion | undefined {
  let best: Insertion | undefined;
  for (const insertion of insertions) {
    if (insertion && (!best || insertion.delta < best.delta)) best = insertion;
  }
  return best;
}
