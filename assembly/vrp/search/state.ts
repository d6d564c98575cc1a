// The solution the search works on, and every cache array kept beside it. Route lists hold codes: jobs, and
// reload slots after them (search-problem.ts), so a reload moves with the ranges the operators move. Indices:
//   routeJobs[r * capacity + p]  code at position p (0-based) of route r, p < routeLength[r]
//   jobRoute[c], jobPosition[c]  where code c is; jobRoute = -1 when unrouted (a reload slot: spare)
//   codeVisits[c] (search-problem.ts)  a reload slot's place while it is on a route, as −(place + 1)
//   routeCost[r], routeHard[r]   internal cost and hard violations of route r as it stands
//   routeEstimate[r]             its price from segment summaries (= routeCost in exact mode, on time)
//   jobSegments[(k * codes + c) * SEG_SIZE]  code c alone, travel class k    (fixed per job; a slot's per place)
//   startSegments / endSegments[r * SEG_SIZE] route r's start and end boundaries    (fixed per problem)
//   forward[c * SEG_SIZE]        route start through code c, on c's route           (refreshed with the route)
//   backward[c * SEG_SIZE]       code c through the route's end, end included       (refreshed with the route)
// Saved plans (best.ts, the journal) write reloads as the bound problem's visits do, −(place + 1), and take
// whichever slots are spare when put back: a slot's place may change while it is off the routes.
// Outside exact mode the segments only estimate (candidate.ts); routeCost comes from the full timing scan.
// A route's caches are rebuilt by attachRoute whenever its job list changes; nothing else writes them. The
// segments of the jobs a new list shares with the one it replaces, from its start (forward) or from its end
// (backward), are kept: they were built from the same jobs in the same order on the same route, and each job is
// on one route at a time, so no other route has written them since (reload slots, whose place may change, are
// never shared).
import { classCount, routeClassOf } from '../problem';
import {
  concatSegments, depotVisitSegment, jobSegment, routeEndSegment, routeStartSegment, SEG_SIZE, segmentTimeWarp,
} from '../segment';
import { allocF64, allocI32, geti, getf, seti, setf } from './memory';
import { penalising, pricedPenalty } from './penalised-price';
import { priceJobList, priceSegment, pricedHard, pricedLate } from './route-price';
import { codes, codeVisits, exact, jobs, routes, unroutedPenalty } from './search-problem';

export let capacity: i32 = 0;
let routeJobs: usize = 0;
let routeLength: usize = 0;
/** i32[route]: the length of the list the route held when last detached (its list is still in place). */
let detachedLength: usize = 0;
let jobRoute: usize = 0;
let jobPosition: usize = 0;
let routeCost: usize = 0;
let routeHard: usize = 0;
let routeEstimate: usize = 0;
/** f64[route]: the weighted lateness and overload in its price while penalising (penalised-price.ts), else 0. */
let routePenalty: usize = 0;
let jobSegments: usize = 0;
let startSegments: usize = 0;
let endSegments: usize = 0;
let forward: usize = 0;
let backward: usize = 0;
/** i32[route]: value of modificationCounter when the route last changed (the local search skips pairs of unchanged routes). */
let routeModified: usize = 0;
export let modificationCounter: i32 = 0;
/** u8[route]: 1 while fleet minimisation keeps the route empty. */
let closedRoutes: usize = 0;
/** f64[SEG_SIZE]: scratch for the whole route being priced. */
let wholeRoute: usize = 0;
/** i32[codes]: a saved list being put back, with slots for its reloads. */
let restoring: usize = 0;
let spareCursor: i32 = 0;
/** Reload slots on routes (the cleanup of idle reloads has nothing to do without them). */
export let routedReloads: i32 = 0;

/** Sum of routeCost over all routes, and of the unrouted penalties. */
export let routesCost: f64 = 0;
let unroutedCost: f64 = 0;
export let unroutedCount: i32 = 0;
export let hardTotal: i32 = 0;

@inline function segmentAt(array: usize, index: i32): usize {
  return array + (<usize>(index * SEG_SIZE) << 3);
}

/** Routes holding at least one job. */
export function usedRouteCount(): i32 {
  let used = 0;
  for (let route = 0; route < routes; route++) if (lengthOf(route) > 0) used++;
  return used;
}

export function bindState(): void {
  capacity = max(codes, 1);
  routeJobs = allocI32(routes * capacity);
  routeLength = allocI32(routes);
  detachedLength = allocI32(routes);
  jobRoute = allocI32(codes);
  jobPosition = allocI32(codes);
  routeCost = allocF64(routes);
  routeHard = allocI32(routes);
  routeEstimate = allocF64(routes);
  routePenalty = allocF64(routes);
  routeModified = allocI32(routes);
  modificationCounter = 0;
  jobSegments = allocF64(classCount * codes * SEG_SIZE);
  startSegments = allocF64(routes * SEG_SIZE);
  endSegments = allocF64(routes * SEG_SIZE);
  forward = allocF64(codes * SEG_SIZE);
  backward = allocF64(codes * SEG_SIZE);
  wholeRoute = allocF64(SEG_SIZE);
  restoring = allocI32(codes);
  spareCursor = 0;
  routedReloads = 0;
  closedRoutes = __alloc(<usize>max(routes, 1));
  memory.fill(closedRoutes, 0, <usize>max(routes, 1));
  for (let route = 0; route < routes; route++) {
    routeStartSegment(route, segmentAt(startSegments, route));
    routeEndSegment(route, segmentAt(endSegments, route));
  }
  // A job's segment depends on its route only through the travel class (the exit leg of a linked job).
  for (let travelClass = 0; travelClass < classCount; travelClass++) {
    let route = 0;
    while (route < routes && routeClassOf(route) != travelClass) route++;
    if (route == routes) continue;
    for (let job = 0; job < jobs; job++) jobSegment(route, job, 0, segmentAt(jobSegments, travelClass * codes + job));
  }
  routesCost = 0;
  unroutedCost = 0;
  hardTotal = 0;
  for (let code = 0; code < codes; code++) seti(jobRoute, code, -1);
  for (let job = 0; job < jobs; job++) unroutedCost += unroutedPenalty(job);
  unroutedCount = jobs;
}

@inline export function lengthOf(route: i32): i32 { return geti(routeLength, route); }
@inline export function jobAt(route: i32, position: i32): i32 { return geti(routeJobs, route * capacity + position); }
@inline export function routeOf(job: i32): i32 { return geti(jobRoute, job); }
@inline export function positionOf(job: i32): i32 { return geti(jobPosition, job); }
@inline export function costOf(route: i32): f64 { return getf(routeCost, route); }
@inline export function hardOf(route: i32): i32 { return geti(routeHard, route); }
@inline export function estimateOf(route: i32): f64 { return getf(routeEstimate, route); }
@inline export function penaltyOf(route: i32): f64 { return getf(routePenalty, route); }
@inline export function startSegmentOf(route: i32): usize { return segmentAt(startSegments, route); }
@inline export function endSegmentOf(route: i32): usize { return segmentAt(endSegments, route); }
@inline export function forwardOf(job: i32): usize { return segmentAt(forward, job); }
@inline export function backwardOf(job: i32): usize { return segmentAt(backward, job); }
@inline export function jobSegmentOn(route: i32, code: i32): usize {
  return segmentAt(jobSegments, routeClassOf(route) * codes + code);
}
@inline export function isReload(code: i32): bool { return code >= jobs; }
@inline export function modificationOf(route: i32): i32 { return geti(routeModified, route); }
@inline export function isClosed(route: i32): bool { return load<u8>(closedRoutes + <usize>route) != 0; }
export function setClosed(route: i32, closed: bool): void { store<u8>(closedRoutes + <usize>route, closed ? 1 : 0); }

export function totalCost(): f64 {
  return routesCost + unroutedCost;
}

/** Address of route r's job list (read-only for callers; change it through detach/attach). */
export function jobListOf(route: i32): usize {
  return routeJobs + (<usize>(route * capacity) << 2);
}

// ── Reload slots ──
/** A spare reload slot, now a visit to `place`; -1 when every slot is on a route. */
export function spareReload(place: i32): i32 {
  const slots = codes - jobs;
  for (let k = 0; k < slots; k++) {
    const code = jobs + (spareCursor + k) % slots;
    if (geti(jobRoute, code) >= 0) continue;
    spareCursor = (code - jobs + 1) % slots;
    placeReload(code, place);
    return code;
  }
  return -1;
}

/** A spare reload slot becomes a visit to `place`. */
function placeReload(code: i32, place: i32): void {
  seti(codeVisits, code, -place - 1);
  for (let travelClass = 0; travelClass < classCount; travelClass++) {
    depotVisitSegment(place, segmentAt(jobSegments, travelClass * codes + code));
  }
}

/** Route r's codes written as the bound problem's visits (reloads as −(place + 1)) into `target`. */
export function saveRoute(route: i32, target: usize): void {
  const length = lengthOf(route);
  if (codes == jobs) {
    memory.copy(target, jobListOf(route), <usize>length << 2);
    return;
  }
  for (let position = 0; position < length; position++) seti(target, position, geti(codeVisits, jobAt(route, position)));
}

/**
 * Route r (detached) gets the visits saved[0..count) (saveRoute's form), its reloads on spare slots; a reload
 * for which no slot is spare is left out.
 */
export function attachSaved(route: i32, saved: usize, count: i32): void {
  if (codes == jobs) {
    attachRoute(route, saved, count);
    return;
  }
  let kept = 0;
  for (let index = 0; index < count; index++) {
    const visit = geti(saved, index);
    const code = visit >= 0 ? visit : spareReload(-visit - 1);
    if (code < 0) continue;
    // Taken now, so that the next reload of the list gets another slot.
    seti(jobRoute, code, route);
    seti(restoring, kept++, code);
  }
  attachRoute(route, restoring, kept);
}

/** Route r's jobs become unrouted and r empty (its caches are rebuilt by the attachRoute that must follow). */
export function detachRoute(route: i32): void {
  noteChange(route);
  const length = lengthOf(route);
  for (let position = 0; position < length; position++) {
    const code = jobAt(route, position);
    if (geti(jobRoute, code) != route) continue;
    seti(jobRoute, code, -1);
    if (isReload(code)) { routedReloads--; continue; }
    unroutedCost += unroutedPenalty(code);
    unroutedCount++;
  }
  seti(detachedLength, route, length);
  seti(routeLength, route, 0);
}

/** Route r (detached) gets the codes list[0..count), which must be unrouted; prices it and rebuilds its caches. */
export function attachRoute(route: i32, list: usize, count: i32): void {
  noteChange(route);
  const target = jobListOf(route);
  // A list written in place cannot be compared with the one it replaces: nothing is kept.
  const previous = target == list ? 0 : geti(detachedLength, route);
  const keptFront = sharedFront(target, previous, list, count);
  const keptBack = sharedBack(target, previous, list, count);
  if (target != list) memory.copy(target, list, <usize>count << 2);
  seti(routeLength, route, count);
  for (let position = 0; position < count; position++) {
    const code = jobAt(route, position);
    seti(jobRoute, code, route);
    seti(jobPosition, code, position);
    if (isReload(code)) { routedReloads++; continue; }
    unroutedCost -= unroutedPenalty(code);
    unroutedCount--;
  }
  seti(routeModified, route, ++modificationCounter);
  routesCost -= costOf(route);
  hardTotal -= hardOf(route);
  priceRoute(route, keptFront, keptBack);
}

/**
 * Whether the code at `index` of the new list is the one at `oldIndex` of the old. A reload slot never counts as
 * shared: its place may have changed while it was off the routes.
 */
@inline function sameCode(old: usize, oldIndex: i32, list: usize, index: i32): bool {
  const code = geti(list, index);
  return code == geti(old, oldIndex) && !isReload(code);
}

/** How many codes the two lists share from their starts. */
function sharedFront(old: usize, oldCount: i32, list: usize, count: i32): i32 {
  const most = min(oldCount, count);
  let shared = 0;
  while (shared < most && sameCode(old, shared, list, shared)) shared++;
  return shared;
}

/** How many codes the two lists share from their ends. */
function sharedBack(old: usize, oldCount: i32, list: usize, count: i32): i32 {
  const most = min(oldCount, count);
  let shared = 0;
  while (shared < most && sameCode(old, oldCount - 1 - shared, list, count - 1 - shared)) shared++;
  return shared;
}

/**
 * Refreshes route r's caches and price (cost, hard violations, penalty) and adds them to the totals; the forward
 * segments of its first `keptFront` jobs and the backward segments of its last `keptBack` are still valid.
 */
function priceRoute(route: i32, keptFront: i32, keptBack: i32): void {
  const cost = refreshSegments(route, keptFront, keptBack);
  setf(routeCost, route, cost);
  seti(routeHard, route, pricedHard);
  setf(routePenalty, route, penalising ? pricedPenalty : 0);
  routesCost += cost;
  hardTotal += pricedHard;
}

/**
 * Route r's time warp (segment.ts, while tracked) from its cached segments: the route's start joined to the
 * backward segment of its first job, or the forward segment of its last joined to its end.
 */
export function routeTimeWarp(route: i32, fromForward: bool): f64 {
  const count = lengthOf(route);
  if (count == 0) return 0;
  if (fromForward) concatSegments(route, forwardOf(jobAt(route, count - 1)), endSegmentOf(route), wholeRoute);
  else concatSegments(route, startSegmentOf(route), backwardOf(jobAt(route, 0)), wholeRoute);
  return segmentTimeWarp(wholeRoute);
}

/**
 * Prices every route again as it stands: the prices changed (penalised-price.ts), not the routes, and the
 * segments are built anew (time warp tracked or not).
 */
export function repriceRoutes(): void {
  routesCost = 0;
  hardTotal = 0;
  for (let route = 0; route < routes; route++) priceRoute(route, 0, 0);
}

/** Rebuilds the forward and backward segments of an attached route but the kept ones; returns its internal cost. */
function refreshSegments(route: i32, keptFront: i32, keptBack: i32): f64 {
  const count = lengthOf(route);
  if (count == 0) {
    setf(routeEstimate, route, 0);
    return exact ? priceSegment(route, startSegmentOf(route)) : priceJobList(route, jobListOf(route), 0);
  }
  let previous = keptFront == 0 ? startSegmentOf(route) : forwardOf(jobAt(route, keptFront - 1));
  for (let position = keptFront; position < count; position++) {
    const job = jobAt(route, position);
    concatSegments(route, previous, jobSegmentOn(route, job), forwardOf(job));
    previous = forwardOf(job);
  }
  let next = keptBack == 0 ? endSegmentOf(route) : backwardOf(jobAt(route, count - keptBack));
  for (let position = count - 1 - keptBack; position >= 0; position--) {
    const job = jobAt(route, position);
    concatSegments(route, jobSegmentOn(route, job), next, backwardOf(job));
    next = backwardOf(job);
  }
  concatSegments(route, startSegmentOf(route), backwardOf(jobAt(route, 0)), wholeRoute);
  const cost = priceSegment(route, wholeRoute);
  setf(routeEstimate, route, cost);
  // The plan's own costs are always exact: a late route, or any route outside exact mode, is timed in full.
  return exact && !pricedLate ? cost : priceJobList(route, jobListOf(route), count);
}

// ── Journal: what an iteration changed, so a rejected iteration can be undone. ──
let journaling = false;
let journalRoutes: usize = 0;   // i32[routes]: routes saved this iteration
let journalStarts: usize = 0;   // i32[routes]: where each saved list starts in journalJobs
let journalLengths: usize = 0;
let journalJobs: usize = 0;     // i32[jobs]
let journalSavedStamp: usize = 0; // i32[route]: iteration stamp when saved
let journalCount: i32 = 0;
let journalUsed: i32 = 0;
let journalStamp: i32 = 0;

export function bindJournal(): void {
  journalRoutes = allocI32(routes);
  journalStarts = allocI32(routes);
  journalLengths = allocI32(routes);
  journalJobs = allocI32(codes);
  journalSavedStamp = allocI32(routes);
}

export function journalBegin(): void {
  journaling = true;
  journalStamp++;
  journalCount = 0;
  journalUsed = 0;
}

export function journalEnd(): void {
  journaling = false;
}

function noteChange(route: i32): void {
  if (!journaling || geti(journalSavedStamp, route) == journalStamp) return;
  seti(journalSavedStamp, route, journalStamp);
  const length = lengthOf(route);
  seti(journalRoutes, journalCount, route);
  seti(journalStarts, journalCount, journalUsed);
  seti(journalLengths, journalCount, length);
  journalCount++;
  saveRoute(route, journalJobs + (<usize>journalUsed << 2));
  journalUsed += length;
}

/** Puts back every route changed since journalBegin. */
export function journalRollback(): void {
  journaling = false;
  for (let index = 0; index < journalCount; index++) detachRoute(geti(journalRoutes, index));
  for (let index = 0; index < journalCount; index++) {
    attachSaved(geti(journalRoutes, index), journalJobs + (<usize>geti(journalStarts, index) << 2), geti(journalLengths, index));
  }
}

/** Routes changed since journalBegin (for the local search to revisit). */
export function journalRouteCount(): i32 { return journalCount; }
export function journalRoute(index: i32): i32 { return geti(journalRoutes, index); }
