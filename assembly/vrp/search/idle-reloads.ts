// Reloads that no longer serve anything: a reload on a route whose removal adds no hard violation and costs
// no more (on a route without jobs, every reload). Moves and ruins leave them behind when the jobs that needed
// them go elsewhere; the search drops them after each recreate and each local search.
import { addPrefix, addSuffix, begin, commitSlots, finish, finishedHard } from './candidate';
import { routes } from './search-problem';
import { costOf, hardOf, isReload, jobAt, lengthOf, routedReloads } from './state';
import { isFrozen } from './frozen-routes';

/** Rounding noise must not keep a reload that changes nothing. */
const COST_TOLERANCE: f64 = 1e-9;

export function dropIdleReloads(route: i32): void {
  for (let position = lengthOf(route) - 1; position >= 0 && routedReloads > 0; position--) {
    if (!isReload(jobAt(route, position))) continue;
    begin(0, route);
    addPrefix(0, position);
    addSuffix(0, route, position + 1);
    const cost = finish(0);
    if (finishedHard <= hardOf(route) && cost <= costOf(route) + COST_TOLERANCE) commitSlots(1);
  }
}

export function dropIdleReloadsEverywhere(): void {
  for (let route = 0; route < routes && routedReloads > 0; route++) if (!isFrozen(route)) dropIdleReloads(route);
}
