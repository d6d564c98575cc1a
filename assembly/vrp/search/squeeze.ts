// The squeeze (Nagata and Bräysy 2009), priced as HGS prices infeasible plans (penalised-price.ts): the jobs
// a route elimination could not place go where they add the least penalised price, late or overloaded if need
// be, and a local search under penalised prices, over the jobs of the routes that pay a penalty, works the
// plan back to feasibility. Segments price late routes in exact mode only (segment.ts), so the squeeze needs
// it. Three rounds, the weights raised fourfold each, ended feasible no more often than one: only the first
// round ever succeeded (R103, R104, R107, RC102, RC105, R112 at 5 s).
import { localSearch } from './local-search';
import { adaptPenaltyWeights, startPenalising, stopPenalising } from './penalised-price';
import { recreate } from './recreate';
import { exact } from './search-problem';
import { hardTotal, modificationCounter, repriceRoutes, unroutedCount } from './state';

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
  startPenalising();
  repriceRoutes();
  recreate(absences);
  localSearch(mode, SQUEEZE_PASSES, changedSince, true);
  stopPenalising();
  repriceRoutes();
  const feasible = hardTotal <= hardBefore && unroutedCount <= unroutedTarget;
  adaptPenaltyWeights(feasible);
  return feasible;
}
