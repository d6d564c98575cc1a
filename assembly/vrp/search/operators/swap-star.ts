// SWAP* (Vidal 2022): u and its neighbour v, on two routes, trade routes, each going to the cheapest place in
// the other's route once the other has left it (not necessarily into the other's place). In exact mode the
// routes without u (without v) are summarised in scratch segments first, so each place is priced in O(1).
import { addJob, addPrefix, addRange, addSuffix, begin, commitSlots } from '../candidate';
import { allocF64 } from '../memory';
import { priceSegment, pricedHard, pricedLate } from '../route-price';
import { concatSegments, SEG_SIZE } from '../../segment';
import { allowedOn, codes, exact, restricted } from '../search-problem';
import {
  backwardOf, costOf, endSegmentOf, forwardOf, hardOf, jobAt, jobSegmentOn, lengthOf, positionOf, routeOf,
  startSegmentOf,
} from '../state';
import { IN_BUILD, m0, m1, m2, m3, offer, Operator } from './move';

let withoutBackward: usize = 0;  // f64[(codes + 1) * SEG_SIZE]: position p .. end of the route without `skip`
let joined: usize = 0;           // f64[3 * SEG_SIZE]: running forward part and two candidates

@inline function scratch(array: usize, index: i32): usize {
  return array + (<usize>(index * SEG_SIZE) << 3);
}

export function bindSwapStar(): void {
  withoutBackward = allocF64((codes + 1) * SEG_SIZE);
  joined = allocF64(4 * SEG_SIZE);
}

let bestPlace: i32 = -1;
let bestPlaceCost: f64 = Infinity;

/** Cheapest place for `job` in `route` once its position `skip` is gone: sets bestPlace (insert before it). */
function cheapestPlaceWithout(route: i32, skip: i32, job: i32): void {
  bestPlace = -1;
  bestPlaceCost = Infinity;
  if (restricted && !allowedOn(job, route)) return;
  const length = lengthOf(route);
  const allowedHard = hardOf(route);
  const afterSkip = skip + 1 < length ? backwardOf(jobAt(route, skip + 1)) : endSegmentOf(route);
  // Backward parts for places before the skipped job: they run over it.
  let next = afterSkip;
  for (let position = skip - 1; position >= 0; position--) {
    const into = scratch(withoutBackward, position);
    concatSegments(route, jobSegmentOn(route, jobAt(route, position)), next, into);
    next = into;
  }
  let left = startSegmentOf(route);
  let flip = 0;
  for (let t = 0; t <= length; t++) {
    if (t == skip + 1) continue;
    if (t > 0 && t - 1 != skip) {
      if (t - 1 < skip) left = forwardOf(jobAt(route, t - 1));
      else {
        const into = scratch(joined, 2 + flip);
        flip ^= 1;
        concatSegments(route, left, jobSegmentOn(route, jobAt(route, t - 1)), into);
        left = into;
      }
    }
    const right = t < skip ? scratch(withoutBackward, t) : t == skip ? afterSkip : t == length ? endSegmentOf(route) : backwardOf(jobAt(route, t));
    concatSegments(route, left, jobSegmentOn(route, job), scratch(joined, 0));
    concatSegments(route, scratch(joined, 0), right, scratch(joined, 1));
    const cost = priceSegment(route, scratch(joined, 1));
    if (!pricedLate && pricedHard <= allowedHard && cost < bestPlaceCost) {
      bestPlaceCost = cost;
      bestPlace = t;
    }
  }
}

function explore(u: i32, v: i32, mode: i32): void {
  const ru = routeOf(u), rv = routeOf(v);
  // Segment prices are exact for on-time routes only (segment.ts): SWAP* leaves late routes to the others.
  if (!exact || ru < 0 || rv < 0 || ru == rv || hardOf(ru) > 0 || hardOf(rv) > 0) return;
  cheapestPlaceWithout(ru, positionOf(u), v);
  if (bestPlace < 0) return;
  const placeV = bestPlace, costU = bestPlaceCost;
  cheapestPlaceWithout(rv, positionOf(v), u);
  if (bestPlace < 0) return;
  offer(costOf(ru) + costOf(rv) - costU - bestPlaceCost, u, v, placeV, bestPlace, 0);
}

/** `route` without the job at `skip`, with `job` inserted before position `t`. */
function buildExchanged(slot: i32, route: i32, skip: i32, job: i32, t: i32): void {
  begin(slot, route);
  if (t <= skip) {
    addPrefix(slot, t);
    addJob(slot, job);
    addRange(slot, route, t, skip - 1);
  } else {
    addPrefix(slot, skip);
    addRange(slot, route, skip + 1, t - 1);
    addJob(slot, job);
  }
  addSuffix(slot, route, max(t, skip + 1));
}

function apply(): void {
  const u = m0, v = m1;
  buildExchanged(0, routeOf(u), positionOf(u), v, m2);
  buildExchanged(1, routeOf(v), positionOf(v), u, m3);
  commitSlots(2);
}

export function swapStar(): Operator {
  return new Operator(explore, apply, IN_BUILD);
}
