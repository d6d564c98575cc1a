// A candidate route under construction: pieces of the current solution (prefixes, ranges, reversed ranges,
// suffixes, single jobs) joined in order. Every piece reads the solution as it stands, so a move builds its
// new routes in slots 0 and 1 first and commits them after: operators describe a move once, and the same
// description both prices it (finish) and applies it (commitSlots).
//
// The pieces join as segment summaries: a prefix or a suffix is one cached segment, a single job one
// concatenation, so most moves are priced in O(1). In exact mode that price is the route's; otherwise it is an
// estimate (`estimate`) and `finish` times the job list by the full scan.
import { routeClassOf, routeEndPlaceOf } from '../problem';
import { concatSegments, SEG_SIZE } from '../segment';
import { allocF64, allocI32, seti } from './memory';
import { priceJobList, priceSegment, pricedHard, pricedLate } from './route-price';
import { allowedOn, codes, exact, restricted } from './search-problem';
import {
  attachRoute, backwardOf, detachRoute, endSegmentOf, hardOf, forwardOf, jobAt, jobSegmentOn, lengthOf, routeOf,
  startSegmentOf,
} from './state';

const SLOTS = 2;
let lists: usize = 0;        // i32[SLOTS * codes]
// Per-slot fields in static memory (the arena is reset per problem, so nothing here may live on the heap).
const counts = memory.data(SLOTS * 4);
const slotRoutes = memory.data(SLOTS * 4);
const accumulated = memory.data(SLOTS * 8);  // segment of the pieces so far (may point into the caches)
const closed = memory.data(SLOTS * 4);       // 1 when the end of the route is already in `accumulated`
const eligible = memory.data(SLOTS * 4);
const flips = memory.data(SLOTS * 4);
let buffers: usize = 0;      // f64[SLOTS * 2 * SEG_SIZE]: each slot alternates between two scratch segments

@inline function field(array: usize, slot: i32): i32 { return load<i32>(array + (<usize>slot << 2)); }
@inline function setField(array: usize, slot: i32, value: i32): void { store<i32>(array + (<usize>slot << 2), value); }
@inline function accumulatedOf(slot: i32): usize { return <usize>load<u64>(accumulated + (<usize>slot << 3)); }
@inline function setAccumulated(slot: i32, segment: usize): void { store<u64>(accumulated + (<usize>slot << 3), <u64>segment); }

/** Hard violations of the route priced by the last finish. */
export let finishedHard: i32 = 0;

export function bindCandidates(): void {
  lists = allocI32(SLOTS * max(codes, 1));
  buffers = allocF64(SLOTS * 2 * SEG_SIZE);
}

@inline function listOf(slot: i32): usize {
  return lists + (<usize>(slot * codes) << 2);
}

@inline function scratch(slot: i32): usize {
  const flip = field(flips, slot) ^ 1;
  setField(flips, slot, flip);
  return buffers + (<usize>((slot * 2 + flip) * SEG_SIZE) << 3);
}

function push(slot: i32, job: i32): void {
  const count = field(counts, slot);
  seti(listOf(slot), count, job);
  setField(counts, slot, count + 1);
  // Only a job coming from another route is checked: one given on a route it may not use (sequence keeps it
  // there and reports it) can still be moved within that route.
  const route = field(slotRoutes, slot);
  if (restricted && routeOf(job) != route && !allowedOn(job, route)) setField(eligible, slot, 0);
}

function join(slot: i32, segment: usize): void {
  const out = scratch(slot);
  concatSegments(field(slotRoutes, slot), accumulatedOf(slot), segment, out);
  setAccumulated(slot, out);
}

export function begin(slot: i32, route: i32): void {
  setField(slotRoutes, slot, route);
  setField(counts, slot, 0);
  setField(closed, slot, 0);
  setField(eligible, slot, 1);
  setAccumulated(slot, startSegmentOf(route));
}

/** The first `count` jobs of the slot's own route: only as the first piece. */
export function addPrefix(slot: i32, count: i32): void {
  const route = field(slotRoutes, slot);
  for (let position = 0; position < count; position++) seti(listOf(slot), position, jobAt(route, position));
  setField(counts, slot, count);
  if (count > 0) setAccumulated(slot, forwardOf(jobAt(route, count - 1)));
}

export function addJob(slot: i32, job: i32): void {
  push(slot, job);
  join(slot, jobSegmentOn(field(slotRoutes, slot), job));
}

/** Jobs at positions from..to (inclusive) of `route`, in order; nothing when from > to. */
export function addRange(slot: i32, route: i32, from: i32, to: i32): void {
  for (let position = from; position <= to; position++) addJob(slot, jobAt(route, position));
}

/** Jobs at positions from..to of `route`, last first. */
export function addReversed(slot: i32, route: i32, from: i32, to: i32): void {
  for (let position = to; position >= from; position--) addJob(slot, jobAt(route, position));
}

/** Jobs from position `from` to the end of `route`: the last piece. */
export function addSuffix(slot: i32, route: i32, from: i32): void {
  const length = lengthOf(route);
  if (from >= length) return;
  const own = field(slotRoutes, slot);
  // A cached backward segment includes its route's end: valid here when that end and travel class match.
  const reusable = (route == own ||
    (routeClassOf(route) == routeClassOf(own) && routeEndPlaceOf(route) == routeEndPlaceOf(own)));
  if (!reusable) {
    addRange(slot, route, from, length - 1);
    return;
  }
  for (let position = from; position < length; position++) push(slot, jobAt(route, position));
  join(slot, backwardOf(jobAt(route, from)));
  setField(closed, slot, 1);
}

/**
 * The slot's route priced from its segment summary: its internal cost in exact mode, an estimate otherwise
 * (+Infinity when a job may not go on the route). Sets finishedHard; pricedLate tells a late route.
 */
export function estimate(slot: i32): f64 {
  if (field(eligible, slot) == 0) {
    finishedHard = 1 << 20;
    return Infinity;
  }
  const route = field(slotRoutes, slot);
  if (field(closed, slot) == 0) join(slot, endSegmentOf(route));
  setField(closed, slot, 1);
  const cost = priceSegment(route, accumulatedOf(slot));
  finishedHard = pricedHard;
  return cost;
}

/** Internal cost of the slot's route (+Infinity when a job may not go on it); sets finishedHard. */
export function finish(slot: i32): f64 {
  const estimated = estimate(slot);
  if (estimated == Infinity) return Infinity;
  const route = field(slotRoutes, slot);
  if (exact && !pricedLate) return estimated;
  // A late candidate for an on-time route adds a hard violation: refused whatever its exact price. For a
  // route already late, the amounts matter and the list is timed in full.
  if (exact && hardOf(route) == 0) return Infinity;
  const cost = priceJobList(route, listOf(slot), field(counts, slot));
  finishedHard = pricedHard;
  return cost;
}

/** Applies the routes built in slots 0..count-1 (each slot's route replaced by its list). */
export function commitSlots(count: i32): void {
  for (let slot = 0; slot < count; slot++) detachRoute(field(slotRoutes, slot));
  for (let slot = 0; slot < count; slot++) attachRoute(field(slotRoutes, slot), listOf(slot), field(counts, slot));
}

export function slotRoute(slot: i32): i32 {
  return field(slotRoutes, slot);
}
