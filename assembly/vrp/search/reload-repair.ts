// Given routes that break their capacity or depot attributes, where depots exist: the route's jobs are put
// back one by one, in their given order, each at its cheapest place on the same route, with a reload where it
// fits nowhere alone. The new route is kept when it has fewer hard violations (or as many, at a lower cost);
// else the given one comes back. Sequence, which never moves a job to another route, has no other way to add
// the reloads its routes need.
import { allocI32, geti, seti } from './memory';
import { bestInsertion, insertAt, insertionAfter, insertionBefore, insertionPosition } from './insertion';
import { depotsPerJob } from './reload-depots';
import { codes, routes } from './search-problem';
import {
  attachRoute, detachRoute, hardOf, hardTotal, isReload, jobAt, jobListOf, journalBegin, journalEnd, journalRollback,
  lengthOf, totalCost,
} from './state';

let given: usize = 0;  // i32[codes]: the route's jobs in their given order

function rebuild(route: i32): bool {
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
    if (insertionPosition < 0 || !insertAt(job, route, insertionPosition, insertionBefore, insertionAfter)) return false;
  }
  return true;
}

/** Once per problem, on the routes as given. */
export function repairWithReloads(): void {
  if (depotsPerJob == 0) return;
  given = allocI32(codes);
  for (let route = 0; route < routes; route++) {
    if (hardOf(route) == 0) continue;
    const hardBefore = hardTotal, costBefore = totalCost();
    journalBegin();
    const better = rebuild(route) && (hardTotal < hardBefore || (hardTotal == hardBefore && totalCost() < costBefore));
    if (better) journalEnd();
    else journalRollback();
  }
}
