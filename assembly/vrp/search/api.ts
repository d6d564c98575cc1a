// The search as the host drives it: bind once per problem, start from the given routes or construct, then
// improve in chunks (the host checks its deadline and cancellation between chunks), and read the best plan.
import { routeVisitCountOf, routeVisitStartOf } from '../problem';
import { geti, setf } from './memory';
import { adoptPlan, bestLengthOf, bestVisitAt, bindBest, bestCost, saveBest } from './best';
import { bindCandidates } from './candidate';
import { anneal, iterationsRun, phasesOver, startAnnealing } from './annealing';
import { bindFrozenRoutes, setFrozen } from './frozen-routes';
import { bindConstruction, constructByRegret } from './construction';
import { bindLocalSearch, localSearch } from './local-search';
import { applyBest, bindOperators, exploreOperator, operatorCount } from './operators/registry';
import { bestGain, bestKind, resetMove } from './operators/move';
import { bindNeighbours } from './neighbours';
import { bindRecreate, earlyRejectionHolds, recreate } from './recreate';
import { bestInsertion, insertionDelta, insertionPosition } from './insertion';
import { bindReloadDepots } from './reload-depots';
import { leaveOutWhatCannotBeKept, repairWithReloads } from './given-route-repair';
import { seedRandom } from './random';
import { bindExactSequence, sequenceExactly } from './exact-sequence';
import { bindHomeRoutes } from './home-routes';
import { bindRuin, ruin } from './ruin';
import { absences, bindRouteElimination } from './route-elimination';
import { bindEjection, ejectedCount, ejectInto } from './ejection';
import { abandonPool, bindEjectionPool, poolActive, poolYieldsTo } from './ejection-pool';
import { bindFleetBound, fleetLowerBound } from './fleet-bound';
import { bindRoutePrice } from './route-price';
import { bindSearchProblem, codes, codeVisits, exact, routes, visitCodes } from './search-problem';
import { bindSwapStar } from './operators/swap-star';
import {
  attachSaved, bindJournal, bindState, detachRoute, hardTotal, jobAt, journalBegin, journalEnd, journalRollback, lengthOf, repriceRoutes,
  routeTimeWarp, totalCost, unroutedCount,
} from './state';
import { setTimeWarpTracked } from '../segment';
import { penaltyWeight, startPenalising, stopPenalising } from './penalised-price';

/**
 * `header`: the bound problem's header (its visit arrays have room for every job and reload slot after
 * `scratchVisit`); `allowed`: u8[job * routes + route]; `priorities`: f64[job]; `depots`: i32[depotCount], the
 * places reloads may visit; `reloadSlots`: how many reloads the plan may hold (at least the given ones). The
 * search starts from the routes as given, depot visits included, each route with hard violations rebuilt
 * (given-route-repair.ts): with `keepRoutes` 1 (sequence) every job stays on its given route and the route gains the
 * reloads it needs (home-routes.ts); with 0 (build, optimize) the jobs it cannot keep are left out, then the
 * unrouted jobs are inserted by regret.
 */
export function searchInit(header: usize, allowed: usize, priorities: usize, scratchVisit: i32, depots: usize,
                           depotCount: i32, reloadSlots: i32, seed: u32, neighbours: i32, keepRoutes: i32): void {
  bindSearchProblem(header, allowed, priorities, scratchVisit, depots, depotCount, reloadSlots);
  bindRoutePrice(codes);
  bindState();
  bindFrozenRoutes();
  bindJournal();
  bindCandidates();
  bindNeighbours(neighbours);
  bindLocalSearch();
  bindRuin();
  bindRecreate();
  bindRouteElimination();
  bindEjection();
  bindEjectionPool();
  bindFleetBound();
  bindSwapStar();
  bindOperators();
  bindExactSequence();
  bindReloadDepots();
  bindBest();
  seedRandom(<u64>seed);
  loadGivenRoutes();
  if (keepRoutes != 0) repairWithReloads();
  else {
    leaveOutWhatCannotBeKept();
    bindConstruction();
    constructByRegret();
  }
  bindHomeRoutes(keepRoutes != 0);
  saveBest();
}

function loadGivenRoutes(): void {
  for (let route = 0; route < routes; route++) {
    detachRoute(route);
    attachSaved(route, visitCodes + (<usize>routeVisitStartOf(route) << 2), routeVisitCountOf(route));
  }
}

/** Local search on the current plan (mode: 0 sequence, 1 optimize, 2 build); keeps it if best. */
export function searchLocal(mode: i32, passes: i32): i32 {
  const applied = localSearch(mode, passes);
  saveBest();
  return applied;
}

/**
 * Puts every route short enough for the exact search (exact-sequence.ts) in its cheapest order; returns how
 * many routes of two jobs or more are not proven optimal (0: the plan cannot be improved by reordering). Call
 * again after a local search: routes it made feasible may be proven then.
 */
export function searchSequenceExactly(): i32 {
  const unproven = sequenceExactly();
  saveBest();
  return unproven;
}

/** `phases` 0: another search minimises the fleet, this one runs no ejection-pool phase (ejection-pool.ts). */
export function searchStartAnnealing(minimizeFleet: i32, mode: i32, phases: i32): void {
  startAnnealing(minimizeFleet != 0, mode, phases != 0);
}

/** Anneals for `work` (annealing.ts, work.ts); returns the work done, at least `work`. */
export function searchAnneal(work: i32, from: f64, to: f64): i32 {
  return anneal(work, from, to);
}

/** Annealing iterations run since searchStartAnnealing, an ejection-pool phase's step counting as one. */
export function searchIterations(): i32 { return iterationsRun; }

/** The best plan's routes, as searchRouteLength and searchRouteVisit read the current plan's. */
export function searchBestRouteLength(route: i32): i32 { return bestLengthOf(route); }
export function searchBestRouteVisit(route: i32, position: i32): i32 { return bestVisitAt(route, position); }

/**
 * Another search's best plan of this problem becomes this search's current and best plan (annealing goes on
 * from it): `visits` i32[], every route's visits one after another (searchRouteVisit's values), `lengths`
 * i32[route]. Returns 0 when a running ejection-pool phase declines it (ejection-pool.ts, poolYieldsTo), else 1.
 */
export function searchAdoptPlan(visits: usize, lengths: usize): i32 {
  if (!poolYieldsTo(lengths)) return 0;
  abandonPool();
  adoptPlan(visits, lengths);
  return 1;
}

/**
 * 1 when no ejection-pool phase runs and none may start again (annealing.ts, phasesOver): the plan may be split
 * between searches.
 */
export function searchPhasesOver(): i32 { return phasesOver() ? 1 : 0; }

/** `frozen` 1: the search leaves the route as it is (frozen-routes.ts) until it is given back with 0. */
export function searchFreezeRoute(route: i32, frozen: i32): void { setFrozen(route, frozen != 0); }

export function searchBestCost(): f64 { return bestCost; }
export function searchCurrentCost(): f64 { return totalCost(); }
export function searchUnrouted(): i32 { return unroutedCount; }
export function searchHard(): i32 { return hardTotal; }
export function searchExact(): i32 { return exact ? 1 : 0; }
export function searchFleetLowerBound(): i32 { return fleetLowerBound; }
/** Tests: 1 while an ejection-pool phase runs. */
export function searchInPhase(): i32 { return poolActive ? 1 : 0; }
export function searchRouteLength(route: i32): i32 { return lengthOf(route); }
/** The visit at the position: a job index, or −(place + 1) for a depot visit. */
export function searchRouteVisit(route: i32, position: i32): i32 { return geti(codeVisits, jobAt(route, position)); }

/**
 * For the operator tests: the gain operator `operator` (1..searchOperatorCount, operators/registry.ts) claims for its best move joining u to v,
 * NaN when it offers none; searchApplyOffered then applies that move.
 */
export function searchOfferMove(operator: i32, u: i32, v: i32, mode: i32): f64 {
  resetMove();
  exploreOperator(operator, u, v, mode);
  return bestKind == 0 ? NaN : bestGain;
}

export function searchOperatorCount(): i32 { return operatorCount(); }

export function searchApplyOffered(): void {
  applyBest();
}

/** For the time-warp test: route r's time warp by its segment summaries, joined from its start or its end. */
export function searchRouteTimeWarp(route: i32, fromForward: i32): f64 {
  setTimeWarpTracked(true);
  repriceRoutes();
  const warp = routeTimeWarp(route, fromForward != 0);
  setTimeWarpTracked(false);
  repriceRoutes();
  return warp;
}

/** For the penalised-price test: routes priced with penalties (1) or exactly (0) from now on, all repriced. */
export function searchPenalise(on: i32): void {
  if (on != 0) startPenalising();
  else stopPenalising();
  repriceRoutes();
}

/** For the penalised-price test: the weight of a second of time warp (metric -1) or of a unit of load excess. */
export function searchPenaltyWeight(metric: i32): f64 {
  return penaltyWeight(metric);
}

/**
 * For the ejection test: the unrouted job put in by insertion with ejection (ejection.ts), the jobs weighed by
 * their absences; returns how many jobs it pushed out, -1 when no route could take it so.
 */
export function searchEjectInto(job: i32): i32 {
  return ejectInto(job, absences) ? ejectedCount : -1;
}

/** For the ejection test: how often the job counts as left out by an elimination. */
export function searchSetAbsence(job: i32, count: f64): void {
  setf(absences, job, count);
}

/**
 * For the early-rejection test: one ruin and recreate that stops once the plan surely costs more than
 * `rejectAbove` and is then rolled back (returns 0), or runs to its end and is kept whatever it costs (1).
 */
export function searchRuinAndRecreate(rejectAbove: f64): i32 {
  journalBegin();
  ruin();
  if (recreate(0, rejectAbove)) {
    journalEnd();
    return 1;
  }
  journalRollback();
  return 0;
}

/** For the early-rejection test: whether the annealing would bound recreate on the current plan. */
export function searchEarlyRejectionHolds(): i32 { return earlyRejectionHolds() ? 1 : 0; }

/** For the insertion test: what the job's cheapest place on the route adds, no place skipped at random (Infinity: none). */
export function searchCheapestInsertion(job: i32, route: i32): f64 {
  bestInsertion(job, route, 0);
  return insertionPosition < 0 ? Infinity : insertionDelta;
}
