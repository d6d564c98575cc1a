// The squeeze (Nagata and Bräysy 2009), priced as HGS prices infeasible plans (penalised-price.ts): the jobs
// a route elimination could not place go where they add the least penalised price, late or overloaded if need
// be, and a local search under penalised prices, over the pairs whose routes changed, works the plan back to
// feasibility; a round that ends infeasible raises the weights for the next. Segments price late routes in
// exact mode only (segment.ts), so the squeeze needs it.
import { localSearch } from './local-search';
import { adaptPenaltyWeights, startPenalising, stopPenalising } from './penalised-price';
import { recreate } from './recreate';
import { exact } from './search-problem';
import { hardTotal, modificationCounter, repriceRoutes, unroutedCount } from './state';

const SQUEEZE_ROUNDS: i32 = 3;
/** How much each round after the first raises the weights. */
const ROUND_BOOST: f64 = 4;
const SQUEEZE_PASSES: i32 = 20;

export function squeezeApplies(): bool {
  return exact;
}

/**
 * Inserts the unrouted jobs (most often left out first, `absences` as recreate takes it) at their least
 * penalised places and searches back to feasibility; returns whether the plan has no more hard violations
 * than before and at most `unroutedTarget` jobs unrouted. Left infeasible otherwise, for the caller's
 * acceptance to refuse.
 */
export function squeeze(absences: usize, mode: i32, unroutedTarget: i32): bool {
  const hardBefore = hardTotal;
  const changedSince = modificationCounter;
  let factor: f64 = 1;
  for (let round = 0; round < SQUEEZE_ROUNDS; round++) {
    startPenalising(factor);
    repriceRoutes();
    if (round == 0) recreate(absences);
    localSearch(mode, SQUEEZE_PASSES, changedSince, true);
    stopPenalising();
    repriceRoutes();
    const feasible = hardTotal <= hardBefore && unroutedCount <= unroutedTarget;
    if (round == 0) adaptPenaltyWeights(feasible);
    if (feasible) return true;
    factor *= ROUND_BOOST;
  }
  return false;
}
