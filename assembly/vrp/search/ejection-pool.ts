// Nagata and Bräysy's route minimisation (2009) as a phase of the annealing, one step per iteration: a route is
// emptied and every empty route closed, its jobs are a stack (the ejection pool), and each step takes the job
// last put on it. The job goes where it fits; else it is counted once more as left out and goes in where
// pushing out one or two jobs keeps a route feasible (ejection.ts), those jobs joining the stack, and the
// plan is perturbed by random valid moves (random-moves.ts). The last job of the stack is squeezed
// (squeeze.ts) before it is ejected. Every route stays feasible throughout: a perturbation that cut strings and
// recreated them instead left dozens of jobs on the stack (R104). An empty stack is a plan with one route
// fewer; after POOL_STEPS steps (or POOL_SHARE of the horizon) the phase gives up and the plan it started from
// is put back. Unlike an elimination inside one iteration (route-elimination.ts), the pool persists for
// thousands of steps, as Nagata and Bräysy's does. After SETTLED_AFTER phases in a row give up, the fleet is
// taken as settled and no phase starts again: the rest of the time is the distance search's. Of cooperating
// searches only one runs phases (runPhases).
import { ejected, ejectedCount, ejectInto } from './ejection';
import { atFleetLowerBound } from './fleet-bound';
import {
  bestInsertion, insertAt, insertionAfter, insertionBefore, insertionDelta, insertionPosition,
} from './insertion';
import { allocI32, getf, geti, setf, seti } from './memory';
import { randomMoves } from './random-moves';
import { squeeze } from './squeeze';
import { absences, chooseRoute, closeEmptyRoutes, reopenAll } from './route-elimination';
import { allocSavedPlan, restorePlan, savePlan } from './saved-plan';
import { exact, jobs, routes } from './search-problem';
import { attachRoute, detachRoute, hardTotal, jobListOf, routeOf, unroutedCount, usedRouteCount } from './state';
import { frozenCount } from './frozen-routes';

/** Steps before the phase gives up on the route. */
const POOL_STEPS: i32 = 10000;
/**
 * The most of the horizon a phase may take before it gives up, whatever its steps: a step's ejection walks about
 * L³ concatenations per route, so on routes of 30 to 50 jobs (Solomon R2, RC2) 10,000 steps took about 6 s of a
 * 10 s budget, and the two phases that must fail before the fleet settles took nearly all of it. Routes of about
 * ten jobs (R1, RC1) run their 10,000 steps in about 1 s, within this share.
 */
const POOL_SHARE: f64 = 0.1;
/** Random moves after each ejection. */
const PERTURBATION_MOVES: i32 = 20;
/**
 * Annealing iterations between the end of one phase and the start of the next, doubled after each phase that
 * gives up and reset by one that succeeds: at the least fleet every phase fails, and the time is the distance
 * search's.
 */
const ITERATIONS_BETWEEN: i32 = 2000;
/**
 * Phases given up in a row after which none starts again. With the wait only doubling (up to 64 times), phases
 * went on at the least fleet to the end (Solomon R and RC at 10 s, one run each: 2.9 % above the best-known
 * distance against 2.6 % with the fleet settled and the schedule reheated, annealing.ts).
 */
const SETTLED_AFTER: i32 = 2;

let stack: usize = 0;    // i32[jobs]
let stacked: usize = 0;  // i32[jobs]: 1 while the job is on the stack
let height: i32 = 0;
let startPlan: usize = 0;
let beforeSqueeze: usize = 0;
let stepsLeft: i32 = 0;
/** The progress of the schedule (share of the horizon) at which the phase gives up. */
let givesUpAt: f64 = 0;
/** Used routes of the plan the phase started from. */
let startRoutes: i32 = 0;
let sinceLast: i32 = 0;
let failedInARow: i32 = 0;
let searchMode: i32 = 0;
/** The most a perturbing move may add to the plan's cost. */
let mostLoss: f64 = Infinity;
/** True while the phase runs: the plan then has jobs out and closed routes. */
export let poolActive = false;
/**
 * False in a search that leaves the fleet to another (a helper thread, search-threads.ts): on r1_10_1 at 120 s
 * every search ran the same two phases that must fail at the least fleet, 25 s together, before its distance
 * search began. Such a search starts no phase and takes its fleet as settled from the start: it
 * searches distance at the fleet it holds, and adopts a smaller one at an exchange point.
 */
let phasesRun = true;

export function bindEjectionPool(): void {
  stack = allocI32(jobs);
  stacked = allocI32(jobs);
  startPlan = allocSavedPlan();
  beforeSqueeze = allocSavedPlan();
  poolActive = false;
  sinceLast = 0;
  failedInARow = 0;
}

/** Counts an annealing iteration; true when the phase should start now, from a feasible plan with every job in. */
export function poolDue(): bool {
  if (!exact || fleetSettled() || atFleetLowerBound() || frozenCount > 0) return false;
  return ++sinceLast >= ITERATIONS_BETWEEN << failedInARow && unroutedCount == 0 && hardTotal == 0;
}

export function runPhases(run: bool): void {
  phasesRun = run;
}

/** True once SETTLED_AFTER phases in a row have given up (or none runs here): no phase starts again. */
export function fleetSettled(): bool {
  return !phasesRun || failedInARow >= SETTLED_AFTER;
}

function push(job: i32): void {
  if (geti(stacked, job) != 0) return;
  seti(stacked, job, 1);
  seti(stack, height++, job);
}

function pop(): i32 {
  const job = geti(stack, --height);
  seti(stacked, job, 0);
  return job;
}

/** Stacks every unrouted job not on the stack yet. */
function pushUnrouted(): void {
  for (let job = 0; job < jobs; job++) if (routeOf(job) < 0) push(job);
}

/**
 * Empties a route of the current plan (kept to go back to) and stacks its jobs; `mode`: the search's; `loss`: the
 * most a perturbing move may add; `progress`: the share of the horizon elapsed.
 */
export function startPool(mode: i32, loss: f64, progress: f64): void {
  sinceLast = 0;
  searchMode = mode;
  mostLoss = loss;
  const chosen = chooseRoute();
  if (chosen < 0) return;
  startRoutes = usedRouteCount();
  savePlan(startPlan);
  detachRoute(chosen);
  attachRoute(chosen, jobListOf(chosen), 0);
  closeEmptyRoutes();
  height = 0;
  pushUnrouted();
  stepsLeft = POOL_STEPS;
  givesUpAt = progress + POOL_SHARE;
  poolActive = true;
}

/** The job at its cheapest feasible place on an open route; false when it fits on none. */
function insertCheapest(job: i32): bool {
  let chosenRoute = -1, chosenPosition = -1, chosenBefore = -1, chosenAfter = -1;
  let chosenDelta = Infinity;
  for (let route = 0; route < routes; route++) {
    bestInsertion(job, route, 0);
    if (insertionPosition < 0 || insertionDelta >= chosenDelta) continue;
    chosenDelta = insertionDelta; chosenRoute = route; chosenPosition = insertionPosition;
    chosenBefore = insertionBefore; chosenAfter = insertionAfter;
  }
  return chosenRoute >= 0 && insertAt(job, chosenRoute, chosenPosition, chosenBefore, chosenAfter);
}

/**
 * The squeeze (squeeze.ts) of the last job of the pool, the plan put back when it fails; true when it ends
 * feasible with every job routed.
 */
function squeezeLast(): bool {
  if (height > 0 || unroutedCount != 1) return false;
  savePlan(beforeSqueeze);
  if (squeeze(absences, searchMode, 0)) return true;
  restorePlan(beforeSqueeze);
  return false;
}

/**
 * One step at `progress` (share of the horizon elapsed); ends the phase when the stack is empty (the plan has a
 * route fewer) or the steps or the phase's share of the horizon are spent.
 */
export function poolStep(progress: f64): void {
  const job = pop();
  if (routeOf(job) < 0 && !insertCheapest(job) && !squeezeLast()) {
    setf(absences, job, getf(absences, job) + 1);
    if (ejectInto(job, absences)) {
      for (let k = 0; k < ejectedCount; k++) push(geti(ejected, k));
    } else push(job);
    randomMoves(PERTURBATION_MOVES, searchMode, mostLoss);
  }
  if (height == 0) endPool(true);
  else if (--stepsLeft <= 0 || progress >= givesUpAt) endPool(false);
}

/**
 * Whether another search's plan (`lengths` i32[route]) may be adopted now: always outside a phase, and during
 * one only with fewer routes than the phase started from, what the phase aims at. A plan as cheap in routes
 * and cheaper in distance is what a search that leaves the fleet to this one offers at every point: adopting
 * it would end every phase before it could give up, and the fleet would never settle. It is offered again at
 * the next point.
 */
export function poolYieldsTo(lengths: usize): bool {
  if (!poolActive) return true;
  let used = 0;
  for (let route = 0; route < routes; route++) if (geti(lengths, route) > 0) used++;
  return used < startRoutes;
}

/**
 * Leaves the phase, its starting plan put back, before another search's plan is adopted: not counted as given
 * up, since the phase did not run its course.
 */
export function abandonPool(): void {
  if (!poolActive) return;
  leavePool();
  restorePlan(startPlan);
}

function endPool(emptied: bool): void {
  leavePool();
  if (!emptied) restorePlan(startPlan);
  failedInARow = emptied ? 0 : failedInARow + 1;
}

function leavePool(): void {
  while (height > 0) pop();
  reopenAll();
  poolActive = false;
  sinceLast = 0;
}
