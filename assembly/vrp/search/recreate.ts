// Recreate (SISR): the unrouted jobs, sorted at random, by load, by remoteness or by closeness, are each put
// where they add the least internal cost, skipping positions at random ("blinks"). Problems of many routes try
// every used route but only a few empty ones: the empty routes of a benchmark instance are alike.
import { getf, geti, seti, setf, allocF64, allocI32 } from './memory';
import { bestInsertion, insertAt, insertionAfter, insertionBefore, insertionDelta, insertionPosition } from './insertion';
import { neighbourCount, neighbourOf } from './neighbours';
import { below, uniform } from './random';
import { codes, exact, jobs, remoteness, routes, unroutedPenalty } from './search-problem';
import { jobLoad, loadMetrics } from '../problem';
import { hardTotal, lengthOf, routeOf, totalCost } from './state';
import { homeRouteOf, keepRoutes } from './home-routes';
import { penalising } from './penalised-price';

const BLINK_RATE: f64 = 0.01;
/**
 * Up to this many routes, every route is tried for every job; beyond, every used route and EMPTY_ROUTES_TRIED
 * empty ones. Only the neighbours' routes beyond 40 left the cheapest place out on r1_10_1 (1000 customers,
 * 100 routes of tight windows): 3.4 % above the best-known distance at 120 s, 2.9 % with every used route
 * (one run each, two threads); the best found so far is carried from route to route, so a far route is
 * mostly passed over on its detour alone.
 */
const ALL_ROUTES_UP_TO: i32 = 40;
const EMPTY_ROUTES_TRIED: i32 = 2;

let pool: usize = 0;       // i32[jobs]: jobs to insert
let keys: usize = 0;       // f64[jobs]: sort keys
let triedStamp: usize = 0; // i32[route]
let stamp: i32 = 0;
/**
 * Set for good once an insertion lowered its route's cost (a travel matrix without the triangle inequality):
 * recreate's lower bound (earlyRejectionHolds) assumes every insertion adds cost.
 */
let insertionLoweredCost = false;
/** Rounding in the concatenated segments can make an insertion that adds nothing add a little below 0. */
const COST_TOLERANCE: f64 = 1e-6;

export function bindRecreate(): void {
  pool = allocI32(jobs);
  keys = allocF64(jobs);
  triedStamp = allocI32(routes);
  insertionLoweredCost = false;
}

function sortKey(job: i32, order: i32): f64 {
  if (order == 0) return uniform();
  if (order == 1) return loadMetrics > 0 ? -Math.abs(jobLoad(job, 0)) : uniform();
  if (order == 2) return -remoteness(job);
  return remoteness(job);
}

/** `absences`: f64[job], the jobs with most first (ties at random); 0: an order drawn from SISR's four. */
function gatherPool(absences: usize): i32 {
  let count = 0;
  for (let job = 0; job < jobs; job++) if (routeOf(job) < 0) seti(pool, count++, job);
  const draw = uniform() * 11;
  const order = draw < 4 ? 0 : draw < 8 ? 1 : draw < 10 ? 2 : 3;
  for (let index = 0; index < count; index++) {
    const job = geti(pool, index);
    setf(keys, index, absences != 0 ? uniform() - getf(absences, job) : sortKey(job, order));
  }
  // Higher priorities first, then the drawn order (insertion sort: pools are small).
  for (let index = 1; index < count; index++) {
    const job = geti(pool, index), key = getf(keys, index);
    let at = index;
    while (at > 0 && before(job, key, geti(pool, at - 1), getf(keys, at - 1))) {
      seti(pool, at, geti(pool, at - 1)); setf(keys, at, getf(keys, at - 1)); at--;
    }
    seti(pool, at, job); setf(keys, at, key);
  }
  return count;
}

function before(job: i32, key: f64, other: i32, otherKey: f64): bool {
  const priority = unroutedPenalty(job), otherPriority = unroutedPenalty(other);
  return priority != otherPriority ? priority > otherPriority : key < otherKey;
}

let chosenRoute: i32 = -1;
let chosenPosition: i32 = -1;
let chosenBefore: i32 = -1;
let chosenAfter: i32 = -1;
let chosenDelta: f64 = Infinity;

function consider(job: i32, route: i32): void {
  if (geti(triedStamp, route) == stamp) return;
  seti(triedStamp, route, stamp);
  bestInsertion(job, route, BLINK_RATE, false, chosenDelta);
  if (insertionPosition >= 0 && insertionDelta < chosenDelta) {
    chosenDelta = insertionDelta; chosenRoute = route; chosenPosition = insertionPosition;
    chosenBefore = insertionBefore; chosenAfter = insertionAfter;
  }
}

function place(job: i32): void {
  stamp++;
  chosenRoute = -1; chosenPosition = -1; chosenDelta = Infinity;
  if (keepRoutes) {
    if (homeRouteOf(job) >= 0) consider(job, homeRouteOf(job));
    placeChosen(job);
    return;
  }
  // The neighbours' routes first: the cheapest place is most likely there, and once it is known every other
  // place whose detour alone costs as much is passed over unpriced.
  for (let k = 0; k < neighbourCount; k++) {
    const route = routeOf(neighbourOf(job, k));
    if (route >= 0) consider(job, route);
  }
  // Beyond ALL_ROUTES_UP_TO, the few empty routes tried are met from a random start.
  const many = routes > ALL_ROUTES_UP_TO;
  const emptiesTried = many ? EMPTY_ROUTES_TRIED : routes;
  const offset = many ? below(routes) : 0;
  let empties = 0;
  for (let index = 0; index < routes; index++) {
    const route = (index + offset) % routes;
    if (lengthOf(route) > 0) consider(job, route);
    else if (empties < emptiesTried) { consider(job, route); empties++; }
  }
  placeChosen(job);
}

function placeChosen(job: i32): void {
  // The squeeze places every job, however late or overloaded (penalised-price.ts): it must place them all.
  if (chosenRoute < 0 || !(keepRoutes || penalising || chosenDelta < unroutedPenalty(job))) return;
  if (chosenDelta < -COST_TOLERANCE) insertionLoweredCost = true;
  insertAt(job, chosenRoute, chosenPosition, chosenBefore, chosenAfter);
}

/**
 * Whether recreate's lower bound holds for the current plan: prices exact (outside exact mode a route's price
 * may fall as it grows, e.g. a break taken), no reloads (dropping idle ones after recreate lowers the cost),
 * no hard violations (a late route's price is no sum of its legs), every job free to go anywhere
 * (keepRoutes places jobs whatever they add), and no insertion seen to lower a route's cost.
 */
export function earlyRejectionHolds(): bool {
  return exact && codes == jobs && hardTotal == 0 && !keepRoutes && !penalising && !insertionLoweredCost;
}

/**
 * Inserts every unrouted job it can, in the order gatherPool draws for `absences`. Stops, returning false, as
 * soon as the final plan surely costs more than `rejectAbove`: each job still to place adds at least 0 (its
 * insertion, where earlyRejectionHolds) and at most its unrouted penalty, so the cost so far less the
 * penalties of the jobs still to place bounds the final cost from below.
 */
export function recreate(absences: usize, rejectAbove: f64 = Infinity): bool {
  const count = gatherPool(absences);
  let pending: f64 = 0;
  for (let index = 0; index < count; index++) pending += unroutedPenalty(geti(pool, index));
  for (let index = 0; index < count; index++) {
    const job = geti(pool, index);
    place(job);
    pending -= unroutedPenalty(job);
    if (totalCost() - pending > rejectAbove) return false;
  }
  return true;
}
