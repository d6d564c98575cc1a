// A plan saved aside: every route's list (reloads as places, state.ts) one after another, and put back. The
// best plan is one (best.ts); the ejection pool keeps the plan it started from in another.
import { allocI32, geti, seti } from './memory';
import { codes, routes } from './search-problem';
import { attachSaved, detachRoute, lengthOf, saveRoute } from './state';

/** Layout: i32[routes] starts, i32[routes] lengths, i32[codes] visits. */
export function allocSavedPlan(): usize {
  return allocI32(2 * routes + codes);
}

@inline function startsOf(plan: usize): usize { return plan; }
@inline function lengthsOf(plan: usize): usize { return plan + (<usize>routes << 2); }
/** Where the saved visits lie: every route's, one after another. */
@inline export function savedVisitsOf(plan: usize): usize { return plan + (<usize>(2 * routes) << 2); }

export function savedLengthOf(plan: usize, route: i32): i32 { return geti(lengthsOf(plan), route); }
export function savedVisitAt(plan: usize, route: i32, position: i32): i32 {
  return geti(savedVisitsOf(plan), geti(startsOf(plan), route) + position);
}

/** The current plan into `plan`. */
export function savePlan(plan: usize): void {
  let used = 0;
  for (let route = 0; route < routes; route++) {
    const length = lengthOf(route);
    seti(startsOf(plan), route, used);
    seti(lengthsOf(plan), route, length);
    saveRoute(route, savedVisitsOf(plan) + (<usize>used << 2));
    used += length;
  }
}

/** Sets the saved plan's route lengths (`lengths` i32[route]), its visits to be written one after another. */
export function setSavedLengths(plan: usize, lengths: usize): i32 {
  let used = 0;
  for (let route = 0; route < routes; route++) {
    const length = geti(lengths, route);
    seti(startsOf(plan), route, used);
    seti(lengthsOf(plan), route, length);
    used += length;
  }
  return used;
}

/** The saved plan becomes the current one. */
export function restorePlan(plan: usize): void {
  for (let route = 0; route < routes; route++) detachRoute(route);
  for (let route = 0; route < routes; route++) {
    attachSaved(route, savedVisitsOf(plan) + (<usize>geti(startsOf(plan), route) << 2), savedLengthOf(plan, route));
  }
}
