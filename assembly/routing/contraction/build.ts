// Kernel: contracts a graph given as arc arrays, handing the hierarchy to the host as it is made.
import { NONE } from '../../common/memory';
import { arenaAllocate } from './arena';
import { addOrImprove, allocateLists, startLists } from './dynamic-graph';
import { allocateWitnessSearch } from './witness-search';
import { resetShortcuts } from './shortcuts';
import { allocateOrdering, ContractionLimits, contractByPriority, contractInOrder } from './node-ordering';

/** Host-side placement of inputs: returns zeroed memory of `bytes` in this private memory. */
export function reserve(bytes: usize): usize {
  return arenaAllocate(bytes);
}

function loadArcs(arcCount: u32, tail: usize, head: usize, weight: usize, distance: usize): void {
  for (let a: u32 = 0; a < arcCount; a++) {
    const offset = <usize>a << 2;
    const from = load<u32>(tail + offset);
    const to = load<u32>(head + offset);
    const arcWeight = load<u32>(weight + offset);
    // Loops never lie on a shortest path; of parallel arcs only the fastest is kept; a weight of NONE
    // closes the arc under this metric (e.g. too low for this truck class).
    if (from != to && arcWeight != NONE) addOrImprove(from, to, arcWeight, load<u32>(distance + offset), a, 1);
  }
}

/**
 * Contracts the graph, handing each contracted node's upward edges to the host as they are made
 * (upward-output.ts); returns the address of the node → rank array. `order` is 0 to choose
 * the order by priority, or the address of a rank → node array to reuse an order found before (a different
 * metric over the same topology).
 */
export function buildHierarchy(
  nodeCount: u32, arcCount: u32, tail: usize, head: usize, weight: usize, distance: usize,
  order: usize, limits: ContractionLimits,
): usize {
  // Every fixed array first: the lists' blocks take the arena's top (list-blocks.ts).
  allocateLists(nodeCount);
  allocateWitnessSearch(nodeCount);
  if (order == 0) allocateOrdering(nodeCount);
  const rank = arenaAllocate(<usize>nodeCount << 2);
  startLists();
  resetShortcuts(arcCount);
  loadArcs(arcCount, tail, head, weight, distance);
  if (order == 0) contractByPriority(nodeCount, limits, rank);
  else contractInOrder(nodeCount, limits, order, rank);
  return rank;
}
