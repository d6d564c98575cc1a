// Insertion with ejection (Nagata and Bräysy 2009): a job that fits nowhere goes where pushing one or two jobs
// out of a route leaves that route feasible, choosing first the jobs whose weights (how often each was left
// out) sum least, so that the jobs hard to place stay placed, then the cheapest such place. Each route is
// walked from its start by segment summaries, deciding for each of its jobs whether it stays or goes out and
// where the job comes in; a walk stops as soon as its part is late or overloaded (what follows cannot undo
// that) or can no longer match the best sum found. Exact mode only: the walk trusts the segments' prices.
import { RP_CAPACITY } from '../layout';
import { loadMetrics, routeParameter } from '../problem';
import { concatSegments, SEG_ON_TIME, SEG_SIZE, segmentPeakLoad } from '../segment';
import { allocF64, allocI32, getf, geti, seti } from './memory';
import { pricedHard, pricedLate, priceSegment } from './route-price';
import { allowedOn, codes, restricted, routes } from './search-problem';
import {
  attachRoute, backwardOf, costOf, detachRoute, endSegmentOf, hardOf, isReload, jobAt, jobSegmentOn, lengthOf,
  startSegmentOf,
} from './state';

/** Nagata and Bräysy allow up to five; two keep a walk's cost to about the cube of a route's length. */
const MOST_EJECTED: i32 = 2;

let walkSegments: usize = 0; // f64[(codes + 2) * SEG_SIZE]: the walk's part at each depth
let wholeRoute: usize = 0;   // f64[SEG_SIZE]
let newList: usize = 0;      // i32[codes]
let ejectedNow: usize = 0;   // i32[MOST_EJECTED]: the jobs the walk has pushed out so far
/** i32[MOST_EJECTED]: the jobs the last successful ejectInto pushed out. */
export let ejected: usize = 0;
/** How many jobs the last successful ejectInto pushed out. */
export let ejectedCount: i32 = 0;

let weights: usize = 0;
let incoming: i32 = -1;
let walked: i32 = -1;
let bestSum: f64 = Infinity;
let bestDelta: f64 = Infinity;
let bestRoute: i32 = -1;
let bestPosition: i32 = -1;

export function bindEjection(): void {
  walkSegments = allocF64((codes + 2) * SEG_SIZE);
  wholeRoute = allocF64(SEG_SIZE);
  newList = allocI32(codes);
  ejectedNow = allocI32(MOST_EJECTED);
  ejected = allocI32(MOST_EJECTED);
}

@inline function segmentAt(depth: i32): usize {
  return walkSegments + (<usize>(depth * SEG_SIZE) << 3);
}

/** Neither late nor overloaded: a part of a route that some continuation may still complete feasibly. */
function mayFit(segment: usize): bool {
  if (getf(segment, SEG_ON_TIME) == 0) return false;
  for (let metric = 0; metric < loadMetrics; metric++) {
    if (segmentPeakLoad(segment, metric) > routeParameter(walked, RP_CAPACITY + metric)) return false;
  }
  return true;
}

/** The walk's part joined to the rest of the route from `index` on, every job kept: noted when it is the best. */
function close(index: i32, segment: usize, placedAt: i32, count: i32, sum: f64): void {
  const tail = index == lengthOf(walked) ? endSegmentOf(walked) : backwardOf(jobAt(walked, index));
  concatSegments(walked, segment, tail, wholeRoute);
  const cost = priceSegment(walked, wholeRoute);
  if (pricedLate || pricedHard > hardOf(walked)) return;
  const delta = cost - costOf(walked);
  if (sum > bestSum || (sum == bestSum && delta >= bestDelta)) return;
  bestSum = sum;
  bestDelta = delta;
  bestRoute = walked;
  bestPosition = placedAt;
  ejectedCount = count;
  for (let k = 0; k < count; k++) seti(ejected, k, geti(ejectedNow, k));
}

/**
 * The walk at the route's job `index`, its part so far in the segment at `depth`; `placedAt`: where the
 * incoming job went (-1: not yet); `count` jobs pushed out, their weights summing to `sum`.
 */
function walkFrom(index: i32, depth: i32, placedAt: i32, count: i32, sum: f64): void {
  const segment = segmentAt(depth);
  const next = segmentAt(depth + 1);
  if (placedAt >= 0 && count > 0) {
    close(index, segment, placedAt, count, sum);
    if (count == MOST_EJECTED) return;
  }
  if (placedAt < 0) {
    concatSegments(walked, segment, jobSegmentOn(walked, incoming), next);
    if (mayFit(next)) walkFrom(index, depth + 1, index, count, sum);
  }
  if (index == lengthOf(walked)) return;
  const job = jobAt(walked, index);
  if (count < MOST_EJECTED && !isReload(job) && sum + getf(weights, job) <= bestSum) {
    seti(ejectedNow, count, job);
    walkFrom(index + 1, depth, placedAt, count + 1, sum + getf(weights, job));
  }
  concatSegments(walked, segment, jobSegmentOn(walked, job), next);
  if (mayFit(next)) walkFrom(index + 1, depth + 1, placedAt, count, sum);
}

/**
 * Puts `job` (unrouted) in the route and place where pushing out at most MOST_EJECTED jobs keeps that route
 * feasible, the pushed-out jobs' `weights` (f64[job]) summing least, then the cheapest; the pushed-out jobs
 * become unrouted (ejected, ejectedCount). False, and nothing changed, when no route can take it so.
 */
export function ejectInto(job: i32, jobWeights: usize): bool {
  weights = jobWeights;
  incoming = job;
  bestSum = Infinity;
  bestDelta = Infinity;
  bestRoute = -1;
  for (let route = 0; route < routes; route++) {
    if (lengthOf(route) == 0 || (restricted && !allowedOn(job, route))) continue;
    walked = route;
    memory.copy(segmentAt(0), startSegmentOf(route), <usize>SEG_SIZE << 3);
    walkFrom(0, 0, -1, 0, 0);
  }
  if (bestRoute < 0) return false;
  applyBest();
  return true;
}

function isEjected(code: i32): bool {
  for (let k = 0; k < ejectedCount; k++) if (geti(ejected, k) == code) return true;
  return false;
}

function applyBest(): void {
  const length = lengthOf(bestRoute);
  let count = 0;
  for (let position = 0; position <= length; position++) {
    if (position == bestPosition) seti(newList, count++, incoming);
    if (position == length) break;
    const code = jobAt(bestRoute, position);
    if (!isEjected(code)) seti(newList, count++, code);
  }
  detachRoute(bestRoute);
  attachRoute(bestRoute, newList, count);
}
