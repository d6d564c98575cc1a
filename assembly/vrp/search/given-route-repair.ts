// Given routes with hard violations are rebuilt: their jobs are put back one by one, in their given order, each
// at its cheapest place on the same route that adds no hard violation, with a reload where it fits nowhere
// alone. The new route is kept when it has fewer hard violations (or as many, at a lower cost); else the given
// one comes back.
// - Sequence never moves a job off its route: a rebuild that cannot place every job is given up. This is how
//   its routes get the reloads they need (capacity, depot attributes).
// - Build and optimize leave out the jobs that fit nowhere (then construction tries them on other routes):
//   a job they cannot keep is unrouted, never kept with a hard violation.
import { allocI32, geti, seti } from './memory';
import { bestInsertion, insertAt, insertionAfter, insertionBefore, insertionPosition } from './insertion';
import { depotsPerJob } from './reload-depots';
import { allowedOn, codes, routes } from './search-problem';
import {
  attachRoute, detachRoute, hardOf, hardTotal, isReload, jobAt, jobListOf, journalBegin, journalEnd, journalRollback,
  lengthOf, totalCost,
} from './state';

let given: usize = 0;  // i32[codes]: the route's jobs in their given order

/** Rebuilds the route; false when a job fits nowhere and may not be left out. */
function rebuild(route: i32, leaveOut: bool): bool {
  let count = 0;
  for (let position = 0; position < lengthOf(route); position++) {
    const code = jobAt(route, position);
    if (!isReload(code)) seti(given, count++, code);
  }
  detachRoute(route);
  attachRoute(route, jobListOf(route), 0);
  for (let index = 0; index < count; index++) {
    const job = geti(given, index);
    bestInsertion(job, route, 0);
    const placed = insertionPosition >= 0 && insertAt(job, route, insertionPosition, insertionBefore, insertionAfter);
    if (!placed && !leaveOut) return false;
  }
  return true;
}

/**
 * Jobs given on a route they may not use (attributes, drivers, dates): the search prices eligibility when a job
 * comes to a route, so these count beside the route's hard violations.
 */
function ineligibleOn(route: i32): i32 {
  let count = 0;
  for (let position = 0; position < lengthOf(route); position++) if (!allowedOn(jobAt(route, position), route)) count++;
  return count;
}

function rebuildViolatingRoutes(leaveOut: bool): void {
  given = allocI32(codes);
  for (let route = 0; route < routes; route++) {
    const ineligible = leaveOut ? ineligibleOn(route) : 0;
    if (hardOf(route) + ineligible == 0) continue;
    const hardBefore = hardTotal + ineligible, costBefore = totalCost();
    journalBegin();
    const better = rebuild(route, leaveOut) && (hardTotal < hardBefore || (hardTotal == hardBefore && totalCost() < costBefore));
    if (better) journalEnd();
    else journalRollback();
  }
}

/** Sequence's repair, once per problem on the routes as given: only reloads can help, so only where depots exist. */
export function repairWithReloads(): void {
  if (depotsPerJob > 0) rebuildViolatingRoutes(false);
}

/** Build's and optimize's repair, once per problem on the routes as given. */
export function leaveOutWhatCannotBeKept(): void {
  rebuildViolatingRoutes(true);
}
