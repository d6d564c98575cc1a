// Exact sequencing of a short route: dynamic programming over the subsets of its jobs (Held–Karp with time
// windows). A label is a partial route from the start through a set of jobs ending at one of them, kept as
// its forward segment summary; labels are extended one job at a time, late ones dropped (windows are hard in
// exact mode), and a label dominated by another of the same set and last job (segment.ts, forwardSegmentDominates)
// is dropped too, so every cheapest order survives. Runs only where segment prices are the route's own: exact
// mode, no reloads, no hard violation to keep. The label pool is bounded: a route that needs more labels is
// left to the search, unproven. Only two layers of segments are kept (the one extended and the one it
// extends into), each label with only the summary fields the problem uses; every label keeps its set, last
// job and parent to read the order back.
import { RP_START_TIME } from '../layout';
import { routeParameter } from '../problem';
import { concatSegments, forwardSegmentDominates, SEG_FAULTS, SEG_LATEST, SEG_ON_TIME, SEG_SIZE, segmentFieldsUsed } from '../segment';
import { addJob, begin, commitSlots } from './candidate';
import { allocF64, allocI32, geti, seti } from './memory';
import { MIN_GAIN } from './operators/move';
import { priceSegment, pricedHard } from './route-price';
import { exact, routes } from './search-problem';
import { costOf, endSegmentOf, hardOf, isReload, jobAt, jobSegmentOn, lengthOf, modificationOf, startSegmentOf } from './state';

/** Routes up to this many jobs are solved exactly. */
export const EXACT_JOBS_UP_TO: i32 = 12;
/** Labels in all (12 jobs with windows of half a day take about 150,000)… */
const LABEL_ROOM: i32 = 1 << 18;
/** …and bytes for the segments of two layers. */
const LAYER_BYTES: i32 = 20 << 20;
const NO_LABEL: i32 = -1;

let layerRoom: i32 = 0;   // labels per layer
let stride: i32 = 0;       // f64 per label: segmentFieldsUsed()
let segments: usize = 0;   // f64[2 * layerRoom * stride]: two layers
let readStart: i32 = 0;    // first label of the layer being extended, in half readHalf of `segments`
let readHalf: i32 = 0;
let writeStart: i32 = 0;   // first label of the layer being written, in the other half
let labelSet: usize = 0;   // i32[label]: bit k for the route's k-th job
let labelLast: usize = 0;  // i32[label]: position of its last job
let labelParent: usize = 0;
let labelNext: usize = 0;  // i32[label]: next label of the same state, NO_LABEL at the end
let labelAlive: usize = 0;
let stateHead: usize = 0;  // i32[set * EXACT_JOBS_UP_TO + last]
let extended: usize = 0;   // f64[2 * SEG_SIZE]
let order: usize = 0;      // i32[EXACT_JOBS_UP_TO]
let labelCount: i32 = 0;
let provenAt: usize = 0;   // i32[route]: the route's modification stamp when it was proven optimal, −1 if not

/** The pool is large, so it is taken from the arena only when a route is first solved in this problem. */
export function bindExactSequence(): void {
  segments = 0;
  provenAt = allocI32(routes);
  memory.fill(provenAt, 0xff, <usize>routes << 2);
}

function allocatePool(): void {
  stride = segmentFieldsUsed();
  layerRoom = LAYER_BYTES / (2 * stride * 8);
  segments = allocF64(2 * layerRoom * stride);
  labelSet = allocI32(LABEL_ROOM);
  labelLast = allocI32(LABEL_ROOM);
  labelParent = allocI32(LABEL_ROOM);
  labelNext = allocI32(LABEL_ROOM);
  labelAlive = allocI32(LABEL_ROOM);
  stateHead = allocI32((1 << EXACT_JOBS_UP_TO) * EXACT_JOBS_UP_TO);
  extended = allocF64(2 * SEG_SIZE);
  order = allocI32(EXACT_JOBS_UP_TO);
}

function segmentOf(label: i32): usize {
  const half = label >= writeStart ? readHalf ^ 1 : readHalf;
  const index = label - (label >= writeStart ? writeStart : readStart);
  return segments + (<usize>((half * layerRoom + index) * stride) << 3);
}

/** The layer just written becomes the one to extend. */
function nextLayer(): void {
  readStart = writeStart;
  readHalf ^= 1;
  writeStart = labelCount;
}

/** Whether the exact search applies to the route: short, on time, no reloads, prices exact. */
function exactlySolvable(route: i32): bool {
  const length = lengthOf(route);
  if (!exact || length < 2 || length > EXACT_JOBS_UP_TO || hardOf(route) > 0) return false;
  for (let position = 0; position < length; position++) if (isReload(jobAt(route, position))) return false;
  return true;
}

function late(route: i32, segment: usize): bool {
  return load<f64>(segment + (<usize>SEG_ON_TIME << 3)) == 0 ||
    routeParameter(route, RP_START_TIME) > load<f64>(segment + (<usize>SEG_LATEST << 3)) ||
    load<f64>(segment + (<usize>SEG_FAULTS << 3)) > 0;
}

/** Adds `candidate` as a label of (set, last) unless one there dominates it; false when the pool is full. */
function offerLabel(candidate: usize, set: i32, last: i32, parent: i32): bool {
  const state = set * EXACT_JOBS_UP_TO + last;
  let previous = NO_LABEL;
  let label = geti(stateHead, state);
  while (label != NO_LABEL) {
    const next = geti(labelNext, label);
    if (forwardSegmentDominates(segmentOf(label), candidate)) return true;
    if (forwardSegmentDominates(candidate, segmentOf(label))) {
      seti(labelAlive, label, 0);
      if (previous == NO_LABEL) seti(stateHead, state, next); else seti(labelNext, previous, next);
    } else previous = label;
    label = next;
  }
  if (labelCount == LABEL_ROOM || labelCount - writeStart == layerRoom) return false;
  const added = labelCount++;
  memory.copy(segmentOf(added), candidate, <usize>stride << 3);
  seti(labelSet, added, set);
  seti(labelLast, added, last);
  seti(labelParent, added, parent);
  seti(labelAlive, added, 1);
  seti(labelNext, added, geti(stateHead, state));
  seti(stateHead, state, added);
  return true;
}

/** Extends every live label of one layer by each job it lacks; false when the pool overflowed. */
function extendLayer(route: i32, from: i32, to: i32, length: i32): bool {
  for (let label = from; label < to; label++) {
    if (geti(labelAlive, label) == 0) continue;
    const set = geti(labelSet, label);
    for (let position = 0; position < length; position++) {
      if ((set & (1 << position)) != 0) continue;
      concatSegments(route, segmentOf(label), jobSegmentOn(route, jobAt(route, position)), extended);
      if (late(route, extended)) continue;
      if (!offerLabel(extended, set | (1 << position), position, label)) return false;
    }
  }
  return true;
}

/** The cheapest complete label without hard violations, NO_LABEL when none. */
function cheapestComplete(route: i32, from: i32, to: i32): i32 {
  let chosen = NO_LABEL;
  let cheapest = Infinity;
  const closed = extended + (<usize>SEG_SIZE << 3);
  for (let label = from; label < to; label++) {
    if (geti(labelAlive, label) == 0) continue;
    concatSegments(route, segmentOf(label), endSegmentOf(route), closed);
    const cost = priceSegment(route, closed);
    if (pricedHard == 0 && cost < cheapest) { cheapest = cost; chosen = label; }
  }
  return chosen;
}

function applyOrder(route: i32, last: i32, length: i32): void {
  let label = last;
  for (let index = length - 1; index >= 0; index--) {
    seti(order, index, jobAt(route, geti(labelLast, label)));
    label = geti(labelParent, label);
  }
  begin(0, route);
  for (let index = 0; index < length; index++) addJob(0, geti(order, index));
  commitSlots(1);
}

/**
 * Puts the route (exactlySolvable) in its cheapest order; returns false, leaving it unchanged, when the label
 * pool overflowed and optimality is not proven.
 */
function solveExactly(route: i32): bool {
  if (segments == 0) allocatePool();
  const length = lengthOf(route);
  memory.fill(stateHead, 0xff, <usize>((1 << length) * EXACT_JOBS_UP_TO) << 2);
  labelCount = 0;
  readStart = 0;
  readHalf = 0;
  writeStart = 0;
  for (let position = 0; position < length; position++) {
    concatSegments(route, startSegmentOf(route), jobSegmentOn(route, jobAt(route, position)), extended);
    if (!late(route, extended) && !offerLabel(extended, 1 << position, position, NO_LABEL)) return false;
  }
  for (let size = 1; size < length; size++) {
    nextLayer();
    if (!extendLayer(route, readStart, writeStart, length)) return false;
  }
  const best = cheapestComplete(route, writeStart, labelCount);
  if (best == NO_LABEL) return false;
  concatSegments(route, segmentOf(best), endSegmentOf(route), extended);
  if (priceSegment(route, extended) < costOf(route) - MIN_GAIN) applyOrder(route, best, length);
  return true;
}

/**
 * Puts every route the exact search applies to in its cheapest order (a route proven before and unchanged since
 * is not solved again); returns how many routes of two jobs or more are not proven optimal.
 */
export function sequenceExactly(): i32 {
  let unproven = 0;
  for (let route = 0; route < routes; route++) {
    if (lengthOf(route) < 2 || geti(provenAt, route) == modificationOf(route)) continue;
    if (exactlySolvable(route) && solveExactly(route)) seti(provenAt, route, modificationOf(route));
    else unproven++;
  }
  return unproven;
}
