// Bounded local Dijkstra from a contraction candidate's in-neighbour that avoids the candidate: if it finds
// a path to an out-neighbour no longer than the path through the candidate, no shortcut is needed.
// Bounded by weight and by a number of settled nodes; stopping early only adds superfluous shortcuts.
import { getU32, setU32, UNREACHED } from '../../common/memory';
import { IndexedHeap, heapClear, heapDecrease, heapIsEmpty, heapMinKey, heapMinNode, heapPop, heapPush } from '../../common/indexed-heap';
import { arenaAllocate } from './arena';
import { edgeOther, edgeWeight, listEdge, listLength } from './dynamic-graph';

let weights: usize = 0;
let touched: usize = 0;
let touchedCount: u32 = 0;
let heap: IndexedHeap = changetype<IndexedHeap>(0);
/** u32 per node: the round in which it was last marked a target. */
let targetRound: usize = 0;
let round: u32 = 0;
let targetCount: u32 = 0;

export function allocateWitnessSearch(nodeCount: u32): void {
  weights = arenaAllocate(<usize>nodeCount << 2);
  memory.fill(weights, 0xff, <usize>nodeCount << 2);
  touched = arenaAllocate(<usize>nodeCount << 2);
  heap = changetype<IndexedHeap>(arenaAllocate(offsetof<IndexedHeap>()));
  heap.entries = arenaAllocate(<usize>nodeCount << 3);
  heap.positions = arenaAllocate(<usize>nodeCount << 2);
  targetRound = arenaAllocate(<usize>nodeCount << 2);
}

/** Starts a new set of targets: the searches that follow stop once they have settled all of them. */
export function clearTargets(): void {
  round++;
  targetCount = 0;
}

export function addTarget(node: u32): void {
  if (getU32(targetRound, node) == round) return;
  setU32(targetRound, node, round);
  targetCount++;
}

@inline export function witnessWeight(node: u32): u32 {
  return getU32(weights, node);
}

function reach(node: u32, weight: u32): void {
  const old = getU32(weights, node);
  if (weight >= old) return;
  setU32(weights, node, weight);
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
 * targets set with addTarget (settled targets have their exact weight, so the search ends when all are settled).
 */
export function witnessSearch(source: u32, avoid: u32, bound: u32, settleLimit: u32): void {
  clear();
  reach(source, 0);
  let settled: u32 = 0;
  let targetsLeft = targetCount;
  while (targetsLeft > 0 && !heapIsEmpty(heap) && heapMinKey(heap) <= bound && settled < settleLimit) {
    const node = heapMinNode(heap);
    const weight = heapMinKey(heap);
    heapPop(heap);
    settled++;
    if (getU32(targetRound, node) == round) targetsLeft--;
    const length = listLength(node, false);
    for (let i: u32 = 0; i < length; i++) {
      const edge = listEdge(node, false, i);
      const head = edgeOther(edge);
      const through = weight + edgeWeight(edge);
      if (head != avoid && through <= bound) reach(head, through);
    }
  }
}
