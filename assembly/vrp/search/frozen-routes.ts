// Routes another search works on (cooperating searches that split one plan's routes between them,
// src/solver/search/route-regions.ts): a frozen route keeps its jobs as they are, so that each search's changes
// touch only its own routes and the plans can be joined route by route. Nothing is cut from a frozen route,
// nothing is inserted into it, no local-search move touches it, no elimination empties it, and no
// ejection-pool phase starts while any route is frozen.
import { allocI32, geti, seti } from './memory';
import { routes } from './search-problem';

let frozen: usize = 0;    // i32[route]: 1 while frozen
export let frozenCount: i32 = 0;

export function bindFrozenRoutes(): void {
  frozen = allocI32(routes);
  frozenCount = 0;
}

@inline export function isFrozen(route: i32): bool {
  return geti(frozen, route) != 0;
}

export function setFrozen(route: i32, on: bool): void {
  if (isFrozen(route) == on) return;
  seti(frozen, route, on ? 1 : 0);
  frozenCount += on ? 1 : -1;
}
