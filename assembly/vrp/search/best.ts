// The best plan found so far (saved-plan.ts), copied whenever the search improves on it.
import { allocSavedPlan, restorePlan, savedLengthOf, savedVisitAt, savedVisitsOf, savePlan, setSavedLengths } from './saved-plan';
import { hardTotal, totalCost } from './state';

let best: usize = 0;
export let bestCost: f64 = Infinity;
let bestHard: i32 = 0;

export function bindBest(): void {
  best = allocSavedPlan();
  bestCost = Infinity;
  bestHard = 1 << 30;
}

/** True when the current plan beats the best: fewer hard violations, else lower internal cost. */
export function improvesBest(): bool {
  return hardTotal < bestHard || (hardTotal == bestHard && totalCost() < bestCost - 1e-9);
}

export function saveBest(): void {
  savePlan(best);
  bestCost = totalCost();
  bestHard = hardTotal;
}

/**
 * Another search's plan of the same problem becomes the current and the best: `visits` holds every route's
 * visits one after another (saveRoute's form), `lengths` i32[route] how many each route has.
 */
export function adoptPlan(visits: usize, lengths: usize): void {
  const used = setSavedLengths(best, lengths);
  memory.copy(savedVisitsOf(best), visits, <usize>used << 2);
  restoreBest();
  saveBest();
}

export function bestLengthOf(route: i32): i32 { return savedLengthOf(best, route); }
/** A job index, or −(place + 1) for a depot visit. */
export function bestVisitAt(route: i32, position: i32): i32 { return savedVisitAt(best, route, position); }

export function restoreBest(): void {
  restorePlan(best);
}
