// Ruin and recreate under simulated annealing (SISR's acceptance): a new plan is kept when its cost is below
// the current cost minus T·ln(1/U); T falls geometrically from T0 to Tf over the time budget, both scaled to
// the average leg cost of the first plan. A plan that adds hard violations is never kept. When routes cost a
// fixed amount (fleet minimisation), some iterations instead try to empty a lightly loaded route, and the
// ejection-pool phase takes over iterations now and then. Once the fleet is settled (ejection-pool.ts) the
// search goes back to the best plan and the schedule starts again over what is left of the horizon: a plan
// with a route fewer is kept whatever its distance, often late and cold, and the distance search then needs
// heat to undo what the phase's random moves did.
import { improvesBest, restoreBest, saveBest } from './best';
import { ruin } from './ruin';
import { eliminateRoute } from './route-elimination';
import { fleetSettled, poolActive, poolDue, poolStep, runPhases, startPool } from './ejection-pool';
import { atFleetLowerBound } from './fleet-bound';
import { earlyRejectionHolds, recreate } from './recreate';
import { uniform } from './random';
import { localSearch } from './local-search';
import { startPenaltyWeights } from './penalised-price';
import { exact, jobs, routes } from './search-problem';
import { RP_FIXED_COST } from '../layout';
import { jobWindowCountOf, routeParameter } from '../problem';
import {
  hardTotal, journalBegin, journalEnd, journalRollback, journalRoute, journalRouteCount, lengthOf, modificationCounter,
  routedReloads, routesCost, totalCost, unroutedCount,
} from './state';
import { dropIdleReloads } from './idle-reloads';
import { countWork, workDone } from '../work';
import { keepRoutes } from './home-routes';

/**
 * × average leg cost, without time windows and with every job windowed; in between, geometrically by the share
 * of windowed jobs. Measured (docs/vrp.md, The temperature schedule): Solomon gained from 3 to 0.1 over 1 to
 * 0.01, where CVRP X lost at it, so only time windows get the hotter schedule.
 */
const START_TEMPERATURE: f64 = 1.0;
const END_TEMPERATURE: f64 = 0.01;
const WINDOWED_START_TEMPERATURE: f64 = 3.0;
const WINDOWED_END_TEMPERATURE: f64 = 0.1;
/** Where the schedule starts again once the fleet is settled (× average leg cost; the one value tried). */
const REHEATED_TEMPERATURE: f64 = 0.3;
/** Share of iterations that try to empty a route: often when routes cost a fixed amount, else now and then. */
const ELIMINATION_SHARE: f64 = 0.1;
const ELIMINATION_SHARE_WITHOUT_FIXED_COST: f64 = 0.025;
const POLISH_PASSES: i32 = 3;

/** Annealing iterations run, an ejection-pool phase's step counting as one. */
export let iterationsRun: i32 = 0;
let temperatureEnd: f64 = 0.01;
/** Where the schedule starts (the horizon's start, or where the fleet settled) and its temperature there. */
let scheduleFrom: f64 = 0;
let scheduleTemperature: f64 = 1;
let averageLegCost: f64 = 1;
let minimizeFleet = false;
let polishMode: i32 = 2;
/**
 * modificationCounter when the last polish ended: a pair of jobs whose routes have not changed since was
 * explored then and offered no move, so a polish explores only pairs on a route changed since. A full pass
 * over 1000 jobs costs as much as dozens of iterations, and a new best plan comes every few iterations.
 */
let polishedAt: i32 = -1;

/** The share of jobs with at least one time window. */
function windowedShare(): f64 {
  let windowed = 0;
  for (let job = 0; job < jobs; job++) if (jobWindowCountOf(job) > 0) windowed++;
  return jobs > 0 ? <f64>windowed / <f64>jobs : 0;
}

/** From `low` at share 0 to `high` at share 1, geometrically. */
function between(low: f64, high: f64, share: f64): f64 {
  return low * Math.pow(high / low, share);
}

/** Scales the temperatures to the current plan; call after construction. `phases`: runPhases'. */
export function startAnnealing(fleet: bool, mode: i32, phases: bool): void {
  minimizeFleet = fleet;
  runPhases(phases);
  iterationsRun = 0;
  polishMode = mode;
  let fixed: f64 = 0;
  let used = 0;
  for (let route = 0; route < routes; route++) {
    if (lengthOf(route) == 0) continue;
    used++;
    fixed += routeParameter(route, RP_FIXED_COST);
  }
  const legs = <f64>(jobs - unroutedCount + used);
  averageLegCost = legs > 0 ? Math.max((routesCost - fixed) / legs, 1e-6) : 1;
  const windowed = windowedShare();
  temperatureEnd = between(END_TEMPERATURE, WINDOWED_END_TEMPERATURE, windowed) * averageLegCost;
  scheduleFrom = 0;
  scheduleTemperature = between(START_TEMPERATURE, WINDOWED_START_TEMPERATURE, windowed) * averageLegCost;
  startPenaltyWeights(averageLegCost);
  polishedAt = -1;
}

/** The new best plan improved by local search around what changed since the last polish. */
function polish(): void {
  localSearch(polishMode, POLISH_PASSES, polishedAt);
  polishedAt = modificationCounter;
}

function temperatureAt(progress: f64): f64 {
  const share = min((progress - scheduleFrom) / Math.max(1 - scheduleFrom, 1e-9), 1);
  return scheduleTemperature * Math.pow(temperatureEnd / scheduleTemperature, share);
}

/**
 * A step of the route minimisation phase (ejection-pool.ts) in place of an iteration at `progress`; a plan it
 * ends with is kept. The phase that settles the fleet restarts the schedule from the best plan.
 */
function stepPool(progress: f64): void {
  poolStep(progress);
  if (poolActive) return;
  if (fleetSettled()) {
    restoreBest();
    scheduleFrom = progress;
    scheduleTemperature = REHEATED_TEMPERATURE * averageLegCost;
    return;
  }
  if (!improvesBest()) return;
  polish();
  saveBest();
}

/**
 * Once the fleet is settled an elimination seldom succeeds (at its lower bound, never), and it costs about a
 * dozen iterations.
 */
function eliminationShare(): f64 {
  const fleetMayShrink = minimizeFleet && !fleetSettled() && !atFleetLowerBound();
  return fleetMayShrink ? ELIMINATION_SHARE : ELIMINATION_SHARE_WITHOUT_FIXED_COST;
}

/**
 * True when no ejection-pool phase runs and none may start again: the plan may then be split between
 * cooperating searches (frozen-routes.ts), which a phase, working on every route, would not respect.
 */
export function phasesOver(): bool {
  return !poolActive && (!minimizeFleet || keepRoutes || !exact || fleetSettled() || atFleetLowerBound());
}

/** False when recreate stopped early: the plan would have cost at least `threshold`, a sure rejection. */
function ruinAndRecreate(threshold: f64): bool {
  const bounded = earlyRejectionHolds();
  ruin();
  return recreate(0, bounded ? threshold : Infinity);
}

function iterate(progress: f64): void {
  if (poolActive) { stepPool(progress); return; }
  if (minimizeFleet && !keepRoutes && poolDue()) { startPool(polishMode, averageLegCost, progress); return; }
  const before = totalCost();
  const hardBefore = hardTotal;
  const unroutedBefore = unroutedCount;
  journalBegin();
  const eliminating = !keepRoutes && uniform() < eliminationShare();
  // Drawn before the ruin so that recreate can stop as soon as the plan surely ends above it (early rejection).
  const threshold = before + temperatureAt(progress) * Math.log(1 / (1 - uniform()));
  if (eliminating) eliminateRoute(minimizeFleet, polishMode);
  else if (!ruinAndRecreate(threshold)) { journalRollback(); return; }
  for (let index = 0; index < journalRouteCount() && routedReloads > 0; index++) dropIdleReloads(journalRoute(index));
  const keep = hardTotal <= hardBefore && totalCost() < threshold && (!keepRoutes || unroutedCount <= unroutedBefore);
  if (!keep) { journalRollback(); return; }
  journalEnd();
  if (!improvesBest()) return;
  polish();
  saveBest();
}

/**
 * Runs iterations until `work` is done (work.ts: travel times looked up and segments joined, and one per
 * iteration, so that every iteration counts), the temperature moving from progress `from` to `to` of the
 * schedule; returns the work done, at most an iteration's beyond `work`. Cooperating searches meet after the
 * same work (plan-search.ts): counted per iteration, with a phase step as a fixed number of iterations, the
 * search in a phase reached the first exchange points up to 10 s after the others on r1_10_1, its steps taking the time
 * of 30 to 50 iterations there, and they waited for it.
 */
export function anneal(work: i32, from: f64, to: f64): i32 {
  const start = workDone;
  let done = 0;
  while (done < work) {
    iterate(from + (to - from) * <f64>done / <f64>work);
    countWork();
    iterationsRun++;
    done = <i32>(workDone - start);
  }
  return done;
}

