// The cheapest place for one job on one route: every position, priced by the candidate routes (in exact
// mode two concatenations of cached segments each). Positions may be skipped at random ("blinks", SISR).
// Where the job fits nowhere alone, it is tried with a reload at each of its nearest depots (reload-depots.ts)
// just before it (capacity, pre attributes) or just after it (pickups, post attributes).
import { addJob, addPrefix, addSuffix, begin, commitSlots, estimate, finish, finishedHard } from './candidate';
import { uniform } from './random';
import { isFrozen } from './frozen-routes';
import { depotsPerJob, needsDepot, reloadDepotOf, reloadServes } from './reload-depots';
import { allowedOn, exact, restricted } from './search-problem';
import {
  backwardOf, costOf, endSegmentOf, estimateOf, forwardOf, hardOf, isClosed, jobAt, lengthOf, routedReloads, spareReload,
  startSegmentOf,
} from './state';
import { getf } from './memory';
import { penalising } from './penalised-price';
import {
  SEG_EARLIEST, SEG_FIRST_PLACE, SEG_LAST_PLACE, SEG_LATEST, segmentLeadingDeliveries, segmentLeadingPickups,
} from '../segment';
import {
  jobExitPlace, jobLoad, jobPlace, jobTimeOnSiteOf, jobWindowCountOf, jobWindowEnd, jobWindowStart,
  legDistance, legDuration, loadMetrics, routeClassOf, routeParameter,
} from '../problem';
import { RP_CAPACITY, RP_COST_PER_KM, RP_FIXED_COST } from '../layout';

function legMetres(travelClass: i32, from: i32, to: i32): f64 {
  return from < 0 || to < 0 ? 0 : Math.max(legDistance(travelClass, from, to), 0);
}

/**
 * A lower bound of what inserting the job (and the reload in use) between the two parts adds: the detour's
 * distance cost (and the fixed cost of an empty route). Adding a job never shortens a route in time, so the
 * rest only adds to it.
 */
function detourCost(route: i32, job: i32, before: usize, after: usize, empty: bool): f64 {
  const travelClass = routeClassOf(route);
  let from = <i32>getf(before, SEG_LAST_PLACE), to = <i32>getf(after, SEG_FIRST_PLACE);
  let metres = -legMetres(travelClass, from, to);
  if (beforeCode >= 0) { metres += legMetres(travelClass, from, beforePlace); from = beforePlace; }
  if (afterCode >= 0) { metres += legMetres(travelClass, afterPlace, to); to = afterPlace; }
  const exit = jobExitPlace(job) >= 0 ? jobExitPlace(job) : jobPlace(job);
  metres += legMetres(travelClass, from, jobPlace(job)) + legMetres(travelClass, exit, to);
  return Math.max(metres, 0) * routeParameter(route, RP_COST_PER_KM) / 1000 + (empty ? routeParameter(route, RP_FIXED_COST) : 0);
}

function legSeconds(travelClass: i32, from: i32, to: i32): f64 {
  return from < 0 || to < 0 ? 0 : Math.max(legDuration(travelClass, from, to, 0), 0);
}

/** Whether surelyLate can refuse places for the job: it has a window and no exit place of its own. */
function boundsLateness(job: i32): bool {
  return jobWindowCountOf(job) > 0 && jobExitPlace(job) < 0;
}

/**
 * True when the job surely misses a window between the parts before and after it (exact mode, hard windows):
 * two leg look-ups instead of pricing the whole candidate. Linked jobs are left to the full price.
 */
function surelyLate(route: i32, job: i32, before: usize, after: usize): bool {
  if (!boundsLateness(job)) return false;
  const travelClass = routeClassOf(route);
  const place = jobPlace(job);
  const arrival = getf(before, SEG_EARLIEST) + legSeconds(travelClass, <i32>getf(before, SEG_LAST_PLACE), place);
  if (arrival > jobWindowEnd(job, 0)) return true;
  const leave = Math.max(arrival, jobWindowStart(job, 0)) + jobTimeOnSiteOf(job);
  return leave + legSeconds(travelClass, place, <i32>getf(after, SEG_FIRST_PLACE)) > getf(after, SEG_LATEST);
}

/** The segment of the route's jobs before `position`, from its start. */
@inline function prefixBefore(route: i32, position: i32): usize {
  return position == 0 ? startSegmentOf(route) : forwardOf(jobAt(route, position - 1));
}

/** The segment of the route's jobs from `position` on, to its end. */
@inline function suffixFrom(route: i32, position: i32): usize {
  return position == lengthOf(route) ? endSegmentOf(route) : backwardOf(jobAt(route, position));
}

/**
 * The first position whose suffix can still be reached in time from the job: before it, the suffix's latest
 * arrival comes before the job's window even opens plus its time on site, so surelyLate refuses them all. A
 * suffix's latest arrival only grows along the route (concatSegments), so this is a binary search; on
 * routes of tight windows it skips most of the places the scan would look up one by one.
 */
function firstPositionInTime(job: i32, route: i32): i32 {
  const leaveAtSoonest = jobWindowStart(job, 0) + jobTimeOnSiteOf(job);
  let low = 0, high = lengthOf(route) + 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (getf(suffixFrom(route, middle), SEG_LATEST) >= leaveAtSoonest) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The position after the last one whose prefix is left in time for the job's window: from it on, the
 * prefix is left after the window closes (earliest departures only grow along the route), which surelyLate
 * refuses too.
 */
function endOfPositionsInTime(job: i32, route: i32): i32 {
  const closes = jobWindowEnd(job, 0);
  let low = 0, high = lengthOf(route) + 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (getf(prefixBefore(route, middle), SEG_EARLIEST) > closes) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Result of the last bestInsertion: the added internal cost, the position (-1 when nowhere), and the places
 *  of the reloads that go just before and just after the job (-1: none). */
export let insertionDelta: f64 = Infinity;
export let insertionPosition: i32 = -1;
export let insertionBefore: i32 = -1;
export let insertionAfter: i32 = -1;

// The reloads the candidates are built with: their places and slots (-1 without).
let beforePlace: i32 = -1;
let afterPlace: i32 = -1;
let beforeCode: i32 = -1;
let afterCode: i32 = -1;

/** Builds the next candidates with reloads at these places (-1: none); false when no slot is spare for them. */
function useReloads(before: i32, after: i32): bool {
  beforePlace = before;
  afterPlace = after;
  beforeCode = before < 0 ? -1 : spareReload(before);
  afterCode = after < 0 ? -1 : spareReload(after);
  // Both taken from the spare slots: the second must not be the first again.
  if (afterCode >= 0 && afterCode == beforeCode) afterCode = -1;
  return (before < 0 || beforeCode >= 0) && (after < 0 || afterCode >= 0);
}

function build(job: i32, route: i32, position: i32): void {
  begin(0, route);
  addPrefix(0, position);
  if (beforeCode >= 0) addJob(0, beforeCode);
  addJob(0, job);
  if (afterCode >= 0) addJob(0, afterCode);
  addSuffix(0, route, position);
}

function note(position: i32, cost: f64, before: f64): void {
  const delta = cost - before;
  if (delta < insertionDelta) {
    insertionDelta = delta;
    insertionPosition = position;
    insertionBefore = beforePlace;
    insertionAfter = afterPlace;
  }
}

/** Outside exact mode only this many places, the best by segment estimate, are timed in full. */
const TIMED_PLACES: i32 = 3;
const shortlist = memory.data(TIMED_PLACES * 4);
const shortlistEstimates = memory.data(TIMED_PLACES * 8);

/** Keeps the TIMED_PLACES places of lowest estimate. */
function shortlistPlace(position: i32, estimated: f64, filled: i32): i32 {
  let at = filled < TIMED_PLACES ? filled : TIMED_PLACES - 1;
  if (filled == TIMED_PLACES && estimated >= load<f64>(shortlistEstimates + (<usize>at << 3))) return filled;
  while (at > 0 && load<f64>(shortlistEstimates + (<usize>(at - 1) << 3)) > estimated) {
    store<f64>(shortlistEstimates + (<usize>at << 3), load<f64>(shortlistEstimates + (<usize>(at - 1) << 3)));
    store<i32>(shortlist + (<usize>at << 2), load<i32>(shortlist + (<usize>(at - 1) << 2)));
    at--;
  }
  store<f64>(shortlistEstimates + (<usize>at << 3), estimated);
  store<i32>(shortlist + (<usize>at << 2), position);
  return min(filled + 1, TIMED_PLACES);
}

/**
 * Sets insertionDelta, insertionPosition, insertionBefore and insertionAfter. With `estimateOnly` (outside
 * exact mode) the places are ranked by their segment estimate alone, and the delta is an estimate: the caller
 * checks the place it picks (fitsAt). `below`: only places that add less are of interest (the best found so
 * far on other routes), so that places whose detour alone costs as much are never priced; none found leaves
 * insertionPosition at -1.
 */
export function bestInsertion(job: i32, route: i32, blinkRate: f64, estimateOnly: bool = false, below: f64 = Infinity): void {
  insertionPosition = -1;
  insertionBefore = -1;
  insertionAfter = -1;
  insertionDelta = Infinity;
  if (isClosed(route) || isFrozen(route) || (restricted && !allowedOn(job, route))) return;
  // Segment estimates know nothing of depot attributes: a job that needs some is timed in full.
  const estimating = estimateOnly && !needsDepot(job, false) && !needsDepot(job, true);
  const reloading = reloadMayHelp(job, route);
  if (!reloading && !penalising && hardOf(route) == 0 && surelyOverloads(job, route)) return;
  // Reloads are tried only where the job fits nowhere alone, which a bounded scan cannot tell.
  if (!reloading) insertionDelta = below;
  useReloads(-1, -1);
  const timely = scanPlaces(job, route, blinkRate, estimating);
  if (insertionPosition < 0) insertionDelta = Infinity;
  // A reload only delays the job: where it is surely late everywhere, no reload helps.
  if (insertionPosition >= 0 || timely == 0 || !reloading) return;
  for (let k = 0; k < depotsPerJob; k++) {
    const place = reloadDepotOf(job, k);
    if (place < 0) break;
    if (reloadServes(job, place, false) && useReloads(place, -1)) scanPlaces(job, route, blinkRate, estimating);
    if (reloadServes(job, place, true) && useReloads(-1, place)) scanPlaces(job, route, blinkRate, estimating);
  }
  if (insertionPosition < 0 && needsDepot(job, false) && needsDepot(job, true)) scanWithReloadsAround(job, route, blinkRate, estimating);
  useReloads(-1, -1);
}

/** A job that needs depot attributes both before and after it, with a reload on each side. */
function scanWithReloadsAround(job: i32, route: i32, blinkRate: f64, estimating: bool): void {
  for (let k = 0; k < depotsPerJob; k++) {
    const before = reloadDepotOf(job, k);
    if (before < 0) break;
    if (!reloadServes(job, before, false)) continue;
    for (let l = 0; l < depotsPerJob; l++) {
      const after = reloadDepotOf(job, l);
      if (after < 0) break;
      if (reloadServes(job, after, true) && useReloads(before, after)) scanPlaces(job, route, blinkRate, estimating);
    }
  }
}

/** Loads are sums of the jobs' amounts, added up in another order by the route's pricing. */
const LOAD_TOLERANCE: f64 = 1e-9;

/**
 * True when the job overloads the route wherever it goes: without reloads the vehicle leaves with every
 * delivery and comes back with every pickup, so those totals with the job's own must fit. On CVRP most routes
 * near a removed job are full, and every place on them was priced only to be refused.
 */
function surelyOverloads(job: i32, route: i32): bool {
  if (lengthOf(route) == 0 || routedReloads > 0) return false;
  const carried = backwardOf(jobAt(route, 0));
  for (let metric = 0; metric < loadMetrics; metric++) {
    const amount = jobLoad(job, metric);
    const limit = routeParameter(route, RP_CAPACITY + metric) + LOAD_TOLERANCE;
    if (segmentLeadingDeliveries(carried, metric) + Math.max(amount, 0) > limit) return true;
    if (segmentLeadingPickups(carried, metric) + Math.max(-amount, 0) > limit) return true;
  }
  return false;
}

/** A job that can need a reload: it asks something of depots, or it loads a route with a capacity. */
function reloadMayHelp(job: i32, route: i32): bool {
  if (depotsPerJob == 0) return false;
  if (needsDepot(job, false) || needsDepot(job, true)) return true;
  for (let metric = 0; metric < loadMetrics; metric++) {
    if (jobLoad(job, metric) != 0 && routeParameter(route, RP_CAPACITY + metric) < Infinity) return true;
  }
  return false;
}

/**
 * Every position of the route for the job (with the reload in use), noting the cheapest; returns how many
 * positions were not surely late.
 */
function scanPlaces(job: i32, route: i32, blinkRate: f64, estimateOnly: bool): i32 {
  const length = lengthOf(route);
  const before = costOf(route);
  const allowedHard = hardOf(route);
  const windowed = exact && !penalising && boundsLateness(job);
  const first = windowed ? firstPositionInTime(job, route) : 0;
  const end = windowed ? endOfPositionsInTime(job, route) : length + 1;
  let filled = 0;
  let timely = 0;
  for (let position = first; position < end; position++) {
    if (blinkRate > 0 && uniform() < blinkRate) continue;
    if (exact) {
      const prefix = prefixBefore(route, position);
      const suffix = suffixFrom(route, position);
      if (!penalising && surelyLate(route, job, prefix, suffix)) continue;
      timely++;
      if (detourCost(route, job, prefix, suffix, length == 0) >= insertionDelta) continue;
    }
    build(job, route, position);
    if (estimateOnly && !exact) {
      const estimated = estimate(0);
      if (finishedHard <= allowedHard) note(position, estimated, estimateOf(route));
      continue;
    }
    if (!exact) {
      // Segments only estimate here (breaks, second windows, traffic): shortlist, time the best few below.
      filled = shortlistPlace(position, estimate(0), filled);
      continue;
    }
    const cost = finish(0);
    if (finishedHard <= allowedHard) note(position, cost, before);
  }
  for (let index = 0; index < filled; index++) {
    const position = load<i32>(shortlist + (<usize>index << 2));
    build(job, route, position);
    const cost = finish(0);
    if (finishedHard <= allowedHard) note(position, cost, before);
  }
  return exact ? timely : length + 1;
}

/**
 * Whether the job at the position, with reloads at `before` and `after` (places, -1: none), adds no hard
 * violation to the route (timed in full outside exact mode).
 */
export function fitsAt(job: i32, route: i32, position: i32, before: i32, after: i32): bool {
  if (!useReloads(before, after)) return false;
  build(job, route, position);
  finish(0);
  return finishedHard <= hardOf(route);
}

/** Inserts the job at the position, with reloads at `before` and `after`; false when no slot is spare for them. */
export function insertAt(job: i32, route: i32, position: i32, before: i32, after: i32): bool {
  if (!useReloads(before, after)) return false;
  build(job, route, position);
  commitSlots(1);
  useReloads(-1, -1);
  return true;
}
