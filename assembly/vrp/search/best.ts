// The best plan found so far: every route's list (reloads as places, state.ts), copied whenever the search
// improves on it.
import { allocI32, geti, seti } from './memory';
import { codes, routes } from './search-problem';
import { attachSaved, detachRoute, hardTotal, lengthOf, saveRoute, totalCost } from './state';

let bestJobs: usize = 0;     // i32[codes]: all routes' lists, one after another
let bestStarts: usize = 0;   // i32[route]
let bestLengths: usize = 0;  // i32[route]
export let bestCost: f64 = Infinity;
let bestHard: i32 = 0;

export function bindBest(): void {
  bestJobs = allocI32(codes);
  bestStarts = allocI32(routes);
  bestLengths = allocI32(routes);
  bestCost = Infinity;
  bestHard = 1 << 30;
}

/** True when the current plan beats the best: fewer hard violations, else lower internal cost. */
export function improvesBest(): bool {
  return hardTotal < bestHard || (hardTotal == bestHard && totalCost() < bestCost - 1e-9);
}

export function saveBest(): void {
  let used = 0;
  for (let route = 0; route < routes; route++) {
    const length = lengthOf(route);
    seti(bestStarts, route, used);
    seti(bestLengths, route, length);
    saveRoute(route, bestJobs + (<usize>used << 2));
    used += length;
  }
  bestCost = totalCost();
  bestHard = hardTotal;
}

/**
 * Another search's plan of the same problem becomes the current and the best: `visits` holds every route's
 * visits one after another (saveRoute's form), `lengths` i32[route] how many each route has.
 */
export function adoptPlan(visits: usize, lengths: usize): void {
  let used = 0;
  for (let route = 0; route < routes; route++) {
    const length = geti(lengths, route);
    seti(bestStarts, route, used);
    seti(bestLengths, route, length);
    used += length;
  }
  memory.copy(bestJobs, visits, <usize>used << 2);
  restoreBest();
  saveBest();
}

export function bestLengthOf(route: i32): i32 { return geti(bestLengths, route); }
/** A job index, or −(place + 1) for a depot visit. */
export function bestVisitAt(route: i32, position: i32): i32 { return geti(bestJobs, geti(bestStarts, route) + position); }

export function restoreBest(): void {
  for (let route = 0; route < routes; route++) detachRoute(route);
  for (let route = 0; route < routes; route++) {
    attachSaved(route, bestJobs + (<usize>geti(bestStarts, route) << 2), geti(bestLengths, route));
  }
}
