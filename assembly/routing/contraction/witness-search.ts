// Bounded local Dijkstra from a contraction candidate's in-neighbour that avoids the candidate: if it finds
// a path to an out-neighbour no longer than the path through the candidate, no shortcut is needed.
// Bounded by weight and by a number of settled nodes; stopping early only adds superfluous shortcuts.
import { getU32, setU32, UNREACHED } from '../../common/memory';
import { IndexedHeap, heapClear, heapDecrease, heapIsEmpty, heapMinKey, heapMinNode, heapPop, heapPush } from '../../common/indexed-heap';
import { arenaAllocate } from './arena';
import { edgeOther, edgeWeight, listLength, outEdge } from './dynamic-graph';

let weights: usize = 0;
let touched: usize = 0;
let touchedCount: u32 = 0;
let heap: IndexedHeap = changetype<IndexedHeap>(0);
/** u32 per node: the round in which it was last marked a target. */
let targetRound: usize = 0;
let round: u32 = 0;
/** This round's targets, by the weight of the candidate's edge to them, heaviest first. */
let targets: usize = 0;
let targetCount: u32 = 0;
/** u32 per node: the weight of the candidate's edge to it, while it is a target. */
let targetEdgeWeight: usize = 0;
/** u32 per node: the search that last decided it (witness found, or none possible). */
let decidedSearch: usize = 0;
let search: u32 = 0;
let firstUndecided: u32 = 0;
let undecidedCount: u32 = 0;
let sourceWeight: u32 = 0;

export function allocateWitnessSearch(nodeCount: u32): void {
  weights = arenaAllocate(<usize>nodeCount << 2);
  memory.fill(weights, 0xff, <usize>nodeCount << 2);
  touched = arenaAllocate(<usize>nodeCount << 2);
  heap = changetype<IndexedHeap>(arenaAllocate(offsetof<IndexedHeap>()));
  heap.entries = arenaAllocate(<usize>nodeCount << 3);
  heap.positions = arenaAllocate(<usize>nodeCount << 2);
  targetRound = arenaAllocate(<usize>nodeCount << 2);
  targets = arenaAllocate(<usize>nodeCount << 2);
  targetEdgeWeight = arenaAllocate(<usize>nodeCount << 2);
  decidedSearch = arenaAllocate(<usize>nodeCount << 2);
}

/** Starts a new set of targets: the searches that follow stop once each of them is decided. */
export function clearTargets(): void {
  round++;
  targetCount = 0;
}

/** Adds an out-neighbour of the candidate, reached from it by an edge of `edgeWeight`. */
export function addTarget(node: u32, edgeWeight: u32): void {
  if (getU32(targetRound, node) == round) return;
  setU32(targetRound, node, round);
  setU32(targetEdgeWeight, node, edgeWeight);
  let i = targetCount++;
  for (; i > 0 && getU32(targetEdgeWeight, getU32(targets, i - 1)) < edgeWeight; i--) {
    setU32(targets, i, getU32(targets, i - 1));
  }
  setU32(targets, i, node);
}

@inline export function witnessWeight(node: u32): u32 {
  return getU32(weights, node);
}

@inline function isTarget(node: u32): bool {
  return getU32(targetRound, node) == round;
}

/** The weight of the path through the candidate: a witness must be no longer. */
@inline function viaWeight(target: u32): u32 {
  return sourceWeight + getU32(targetEdgeWeight, target);
}

/** Nothing heavier than the heaviest undecided target's path through the candidate can matter. */
@inline function bound(): u32 {
  return firstUndecided < targetCount ? viaWeight(getU32(targets, firstUndecided)) : 0;
}

function decide(target: u32): void {
  if (getU32(decidedSearch, target) == search) return;
  setU32(decidedSearch, target, search);
  undecidedCount--;
  while (firstUndecided < targetCount && getU32(decidedSearch, getU32(targets, firstUndecided)) == search) {
    firstUndecided++;
  }
}

function reach(node: u32, weight: u32): void {
  const old = getU32(weights, node);
  if (weight >= old) return;
  setU32(weights, node, weight);
  // A target reached no heavier than through the candidate has its witness, settled or not.
  if (isTarget(node) && weight <= viaWeight(node)) decide(node);
  // A node reached before and improved now is still queued: a settled node's weight is final.
  if (old != UNREACHED) {
    heapDecrease(heap, node, weight);
    return;
  }
  setU32(touched, touchedCount, node);
  touchedCount++;
  heapPush(heap, node, weight);
}

function clear(): void {
  for (let i: u32 = 0; i < touchedCount; i++) setU32(weights, getU32(touched, i), UNREACHED);
  touchedCount = 0;
  heapClear(heap);
}

/**
 * Leaves in witnessWeight() an upper bound of the shortest source → node weight avoiding `avoid`, for the
 * targets set with addTarget: a target is decided once reached no heavier than through `avoid` (entered by
 * an edge of `sourceEdgeWeight`), or settled, or once the search has passed its weight through `avoid`.
 */
export function witnessSearch(source: u32, avoid: u32, sourceEdgeWeight: u32, settleLimit: u32): void {
  clear();
  search++;
  sourceWeight = sourceEdgeWeight;
  firstUndecided = 0;
  undecidedCount = targetCount;
  reach(source, 0);
  let settled: u32 = 0;
  while (undecidedCount > 0 && !heapIsEmpty(heap) && heapMinKey(heap) <= bound() && settled < settleLimit) {
    const node = heapMinNode(heap);
    const weight = heapMinKey(heap);
    heapPop(heap);
    settled++;
    if (isTarget(node)) decide(node);
    const length = listLength(node, false);
    const limit = bound();
    for (let i: u32 = 0; i < length; i++) {
      const edge = outEdge(node, i);
      const head = edgeOther(edge);
      const through = weight + edgeWeight(edge);
      if (head != avoid && through <= limit) reach(head, through);
    }
  }
}
