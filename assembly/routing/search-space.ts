// Label bookkeeping shared by every search: seeding, relaxing, settling with stall-on-demand, resetting.
import { getU32, setU32, NONE, UNREACHED } from '../common/memory';
import { heapClear, heapIsEmpty, heapMinKey, heapMinNode, heapPop, heapPushOrUpdate } from '../common/indexed-heap';
import { SearchGraph, SearchSpace, edgeAddress, edgeArc, edgeDistance, edgeOther, edgeWeight, seedDistance, seedNode, seedWeight } from './layout';

@inline export function labelWeight(space: SearchSpace, node: u32): u32 {
  return getU32(space.weight, node);
}

@inline export function labelDistance(space: SearchSpace, node: u32): u32 {
  return getU32(space.distance, node);
}

/**
 * Sets a label if it improves the node's weight; returns whether it did. Without `parents` the label's parent arc
 * and node are left as they were, for searches whose paths are never read back.
 */
@inline function improveLabel(
  space: SearchSpace, node: u32, weight: u32, distance: u32, parentArc: u32, parentNode: u32, parents: bool = true,
): bool {
  const old = getU32(space.weight, node);
  if (weight >= old) return false;
  if (old == UNREACHED) {
    setU32(space.touched, space.touchedCount, node);
    space.touchedCount++;
  }
  setU32(space.weight, node, weight);
  setU32(space.distance, node, distance);
  if (parents) {
    setU32(space.parentArc, node, parentArc);
    setU32(space.parentNode, node, parentNode);
  }
  heapPushOrUpdate(space.heap, node, weight);
  return true;
}

/** Starts a search from seeds given as original node ids; the seed index is kept as the parent. */
export function seedSearch(space: SearchSpace, graph: SearchGraph, seeds: usize, count: u32): void {
  for (let i: u32 = 0; i < count; i++) {
    const node = getU32(graph.rank, seedNode(seeds, i));
    improveLabel(space, node, seedWeight(seeds, i), seedDistance(seeds, i), NONE, i);
  }
}

/** Clears the labels this search set, so the slot is ready for the next one. */
export function resetSearch(space: SearchSpace): void {
  const count = space.touchedCount;
  for (let i: u32 = 0; i < count; i++) setU32(space.weight, getU32(space.touched, i), UNREACHED);
  space.touchedCount = 0;
  heapClear(space.heap);
}

@inline export function searchExhausted(space: SearchSpace): bool {
  return heapIsEmpty(space.heap);
}

@inline export function nextKey(space: SearchSpace): u32 {
  return heapMinKey(space.heap);
}

/** Removes and returns the queued node of least weight. */
export function settleNext(space: SearchSpace): u32 {
  const node = heapMinNode(space.heap);
  heapPop(space.heap);
  return node;
}

/**
 * Stall-on-demand: a node is not on any shortest path of this search when a higher node that this search
 * reached already offers a shorter way down to it, so its edges need not be relaxed.
 */
export function isStalled(space: SearchSpace, node: u32, first: usize, edges: usize): bool {
  const weight = getU32(space.weight, node);
  const end = getU32(first, node + 1);
  for (let e = getU32(first, node); e < end; e++) {
    const edge = edgeAddress(edges, e);
    const above = getU32(space.weight, edgeOther(edge));
    if (above != UNREACHED && above + edgeWeight(edge) < weight) return true;
  }
  return false;
}

@inline function relax(space: SearchSpace, node: u32, first: usize, edges: usize, parents: bool): void {
  const weight = getU32(space.weight, node);
  const distance = getU32(space.distance, node);
  const end = getU32(first, node + 1);
  for (let e = getU32(first, node); e < end; e++) {
    const edge = edgeAddress(edges, e);
    improveLabel(space, edgeOther(edge), weight + edgeWeight(edge), distance + edgeDistance(edge), edgeArc(edge), node, parents);
  }
}

/** Relaxes every edge of a settled node in one CSR list. */
export function relaxEdges(space: SearchSpace, node: u32, first: usize, edges: usize): void {
  relax(space, node, first, edges, true);
}

/**
 * Relaxes like relaxEdges but records no parents: many-to-many reads weights and distances only, and two fewer
 * scattered writes per improved label are two fewer cache lines.
 */
export function relaxEdgesWithoutParents(space: SearchSpace, node: u32, first: usize, edges: usize): void {
  relax(space, node, first, edges, false);
}
