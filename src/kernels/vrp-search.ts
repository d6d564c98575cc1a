/**
 * The planning search kernels (assembly/vrp/search/) on a bound problem: typed calls, and the few arrays the
 * search needs beyond the timing kernel's (which routes each job may take, priorities) copied in.
 */
import type { BoundProblem } from './vrp-bound-problem.js';

export interface VrpSearchExports {
  searchInit(header: number, allowed: number, priorities: number, scratchVisit: number, depots: number, depotCount: number,
             reloadSlots: number, seed: number, neighbours: number, keepRoutes: number): void;
  searchLocal(mode: number, passes: number): number;
  /** Routes of up to 12 jobs put in their cheapest order; returns how many routes are not proven optimal. */
  searchSequenceExactly(): number;
  /** `phases` 0: another search minimises the fleet; this one runs no ejection-pool phase. */
  searchStartAnnealing(minimizeFleet: number, mode: number, phases: number): void;
  /**
   * Anneals for `work` (travel times looked up and segments joined, one more per iteration,
   * assembly/vrp/work.ts); returns the work done, at least `work`.
   */
  searchAnneal(work: number, from: number, to: number): number;
  /** Annealing iterations since searchStartAnnealing, an ejection-pool phase's step counting as one. */
  searchIterations(): number;
  searchBestRouteLength(route: number): number;
  searchBestRouteVisit(route: number, position: number): number;
  /**
   * Another search's plan of this problem becomes the current and best: visits of every route in a row, lengths
   * per route. Returns 0 when a running ejection-pool phase declines it (no fewer routes than it started from).
   */
  searchAdoptPlan(visits: number, lengths: number): number;
  /** 1 when no ejection-pool phase runs and none may start again: the plan may be split between searches. */
  searchPhasesOver(): number;
  /** `frozen` 1: the search leaves the route as it is until it is given back with 0. */
  searchFreezeRoute(route: number, frozen: number): void;
  searchBestCost(): number;
  searchCurrentCost(): number;
  searchUnrouted(): number;
  searchHard(): number;
  searchExact(): number;
  /** The fewest routes that can carry every job's load; 0 where none holds (assembly/vrp/search/fleet-bound.ts). */
  searchFleetLowerBound(): number;
  /** Tests: 1 while an ejection-pool phase runs. */
  searchInPhase(): number;
  searchRouteLength(route: number): number;
  /** A job index, or −(place + 1) for a depot visit. */
  searchRouteVisit(route: number, position: number): number;
  /** Tests: how many local-search operators there are, numbered from 1 (assembly/vrp/search/operators/registry.ts). */
  searchOperatorCount(): number;
  /** For the time-warp test: a route's time warp by its segment summaries (assembly/vrp/segment.ts). */
  searchRouteTimeWarp(route: number, fromForward: number): number;
  /** For the penalised-price test: price routes with penalties (1) or exactly (0) from now on. */
  searchPenalise(on: number): void;
  /** For the penalised-price test: the weight of a second of time warp (metric −1) or of a unit of load excess. */
  searchPenaltyWeight(metric: number): number;
  /**
   * For the ejection test: an unrouted job put in by insertion with ejection (assembly/vrp/search/ejection.ts);
   * returns how many jobs it pushed out, −1 when no route could take it so (nothing changed).
   */
  searchEjectInto(job: number): number;
  /** For the ejection test: how often the job counts as left out, its weight in an ejection. */
  searchSetAbsence(job: number, count: number): void;
  /**
   * For the early-rejection test: one ruin and recreate, stopped and rolled back (0) once the plan surely costs
   * more than `rejectAbove`, else kept (1).
   */
  searchRuinAndRecreate(rejectAbove: number): number;
  /** For the early-rejection test: 1 when the annealing would bound recreate on the current plan. */
  searchEarlyRejectionHolds(): number;
  /** For the insertion test: what the job's cheapest place on the route adds, none skipped at random (Infinity: none). */
  searchCheapestInsertion(job: number, route: number): number;
  /** Tests: the gain one operator claims for its best move joining job u to job v (NaN: none). */
  searchOfferMove(operator: number, u: number, v: number, mode: number): number;
  searchApplyOffered(): void;
}

/** Local-search move sets (assembly/vrp/search/operators/move.ts). */
export const searchModes = { sequence: 0, optimize: 1, build: 2 } as const;
export type SearchMode = keyof typeof searchModes;

export interface SearchSetup {
  /** u8[job * routes + route]: 1 when the job may go on the route. */
  allowed: Uint8Array;
  /** f64[job]: priority, weighting the unrouted penalty. */
  priorities: Float64Array;
  /** First visit index of the scratch room the bound problem's visit arrays keep for candidate routes. */
  scratchVisit: number;
  /** Places the search may visit to reload (is_depot markers). */
  depotPlaces: Int32Array;
  /** Most depot visits a plan may hold: at least the given ones (the scratch room has space for them too). */
  reloadSlots: number;
  seed: number;
  neighbours: number;
  /**
   * Sequence: every job stays on its given route, unrouted ones stay unrouted. Otherwise the first plan is built
   * by regret insertion of the unrouted jobs.
   */
  keepRoutes: boolean;
}

export class VrpSearch {
  readonly exports: VrpSearchExports;

  constructor(readonly bound: BoundProblem, setup: SearchSetup) {
    this.exports = bound.kernel.exports as unknown as VrpSearchExports;
    // copyIn takes word arrays: the byte matrix travels padded to whole words.
    const padded = new Uint8Array(Math.ceil(setup.allowed.length / 4) * 4);
    padded.set(setup.allowed);
    const allowed = bound.copyIn(new Uint32Array(padded.buffer));
    const priorities = bound.copyIn(setup.priorities);
    const depots = bound.copyIn(setup.depotPlaces);
    this.exports.searchInit(bound.headerAddress, allowed, priorities, setup.scratchVisit, depots, setup.depotPlaces.length,
      setup.reloadSlots, setup.seed >>> 0, setup.neighbours, setup.keepRoutes ? 1 : 0);
  }

  /**
   * Another search's plan of the same problem (routes as `routes` gives them) becomes the current and best plan;
   * false when a running ejection-pool phase declines it.
   */
  adopt(order: readonly (readonly number[])[]): boolean {
    const visits = this.bound.copyIn(Int32Array.from(order.flat()));
    const lengths = this.bound.copyIn(Int32Array.from(order, (route) => route.length));
    return this.exports.searchAdoptPlan(visits, lengths) === 1;
  }

  /**
   * The routes this search leaves as they are from now on (another search works on them; the others are given
   * back): nothing is cut from, put into or moved on a frozen route.
   */
  freeze(frozen: readonly boolean[]): void {
    frozen.forEach((on, route) => this.exports.searchFreezeRoute(route, on ? 1 : 0));
  }

  /** Visits of each route of the current plan: job indices, and −(place + 1) for depot visits. */
  routes(routeCount: number): number[][] {
    return routesOf(routeCount, this.exports.searchRouteLength, this.exports.searchRouteVisit);
  }

  /** Visits of each route of the best plan so far, as `routes` gives the current plan's. */
  bestRoutes(routeCount: number): number[][] {
    return routesOf(routeCount, this.exports.searchBestRouteLength, this.exports.searchBestRouteVisit);
  }
}

function routesOf(routeCount: number, lengthOf: (route: number) => number, visitAt: (route: number, position: number) => number): number[][] {
  return Array.from({ length: routeCount }, (_, route) => Array.from({ length: lengthOf(route) }, (__, position) => visitAt(route, position)));
}
