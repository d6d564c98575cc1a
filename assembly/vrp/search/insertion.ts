// The cheapest place for one job on one route: every position, priced by the candidate routes (in exact
// mode two concatenations of cached segments each). Positions may be skipped at random ("blinks", SISR).
import { addJob, addPrefix, addSuffix, begin, commitSlots, estimate, finish, finishedHard } from './candidate';
import { uniform } from './random';
import { allowedOn, exact, restricted } from './search-problem';
import { backwardOf, costOf, endSegmentOf, estimateOf, forwardOf, hardOf, isClosed, jobAt, lengthOf, startSegmentOf } from './state';
import { getf } from './memory';
import { SEG_EARLIEST, SEG_FIRST_PLACE, SEG_LAST_PLACE, SEG_LATEST } from '../segment';
import {
  jobExitPlace, jobPlace, jobTimeOnSiteOf, jobWindowCountOf, jobWindowEnd, jobWindowStart, legDistance, legDuration,
  routeClassOf, routeParameter,
} from '../problem';
import { RP_COST_PER_KM, RP_FIXED_COST } from '../layout';

function legMetres(travelClass: i32, from: i32, to: i32): f64 {
  return from < 0 || to < 0 ? 0 : Math.max(legDistance(travelClass, from, to), 0);
}

/**
 * A lower bound of what inserting the job between the two parts adds: the detour's distance cost (and the
 * fixed cost of an empty route). Adding a job never shortens a route in time, so the rest only adds to it.
 */
function detourCost(route: i32, job: i32, before: usize, after: usize, empty: bool): f64 {
  const travelClass = routeClassOf(route);
  const from = <i32>getf(before, SEG_LAST_PLACE), to = <i32>getf(after, SEG_FIRST_PLACE);
  const exit = jobExitPlace(job) >= 0 ? jobExitPlace(job) : jobPlace(job);
  const metres = legMetres(travelClass, from, jobPlace(job)) + legMetres(travelClass, exit, to) - legMetres(travelClass, from, to);
  return Math.max(metres, 0) * routeParameter(route, RP_COST_PER_KM) / 1000 + (empty ? routeParameter(route, RP_FIXED_COST) : 0);
}

function legSeconds(travelClass: i32, from: i32, to: i32): f64 {
  return from < 0 || to < 0 ? 0 : Math.max(legDuration(travelClass, from, to, 0), 0);
}

/**
 * True when the job surely misses a window between the parts before and after it (exact mode, hard windows):
 * two leg look-ups instead of pricing the whole candidate. Linked jobs are left to the full price.
 */
function surelyLate(route: i32, job: i32, before: usize, after: usize): bool {
  if (jobWindowCountOf(job) == 0 || jobExitPlace(job) >= 0) return false;
  const travelClass = routeClassOf(route);
  const place = jobPlace(job);
  const arrival = getf(before, SEG_EARLIEST) + legSeconds(travelClass, <i32>getf(before, SEG_LAST_PLACE), place);
  if (arrival > jobWindowEnd(job, 0)) return true;
  const leave = Math.max(arrival, jobWindowStart(job, 0)) + jobTimeOnSiteOf(job);
  return leave + legSeconds(travelClass, place, <i32>getf(after, SEG_FIRST_PLACE)) > getf(after, SEG_LATEST);
}

/** Result of the last bestInsertion: the added internal cost and the position (-1 when nowhere). */
export let insertionDelta: f64 = Infinity;
export let insertionPosition: i32 = -1;

function build(job: i32, route: i32, position: i32): void {
  begin(0, route);
  addPrefix(0, position);
  addJob(0, job);
  addSuffix(0, route, position);
}

function note(position: i32, cost: f64, before: f64): void {
  const delta = cost - before;
  if (delta < insertionDelta) {
    insertionDelta = delta;
    insertionPosition = position;
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
 * Sets insertionDelta and insertionPosition. With `estimateOnly` (outside exact mode) the places are ranked by
 * their segment estimate alone, and the delta is an estimate: the caller checks the place it picks (fitsAt).
 */
export function bestInsertion(job: i32, route: i32, blinkRate: f64, estimateOnly: bool = false): void {
  insertionDelta = Infinity;
  insertionPosition = -1;
  if (isClosed(route) || (restricted && !allowedOn(job, route))) return;
  const length = lengthOf(route);
  const before = costOf(route);
  const allowedHard = hardOf(route);
  let filled = 0;
  for (let position = 0; position <= length; position++) {
    if (blinkRate > 0 && uniform() < blinkRate) continue;
    if (exact) {
      const prefix = position == 0 ? startSegmentOf(route) : forwardOf(jobAt(route, position - 1));
      const suffix = position == length ? endSegmentOf(route) : backwardOf(jobAt(route, position));
      if (surelyLate(route, job, prefix, suffix)) continue;
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
}

/** Whether the job at the position adds no hard violation to the route (timed in full outside exact mode). */
export function fitsAt(job: i32, route: i32, position: i32): bool {
  build(job, route, position);
  finish(0);
  return finishedHard <= hardOf(route);
}

/** Inserts the job at the position on the route (one candidate, committed). */
export function insertAt(job: i32, route: i32, position: i32): void {
  build(job, route, position);
  commitSlots(1);
}
