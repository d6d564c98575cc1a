// Kernel: contracts a graph whose arcs the host hands over in batches, handing the hierarchy to the host as it
// is made.
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

let nodes: u32 = 0;
let order: usize = 0;
let rank: usize = 0;
let batch: usize = 0;
let batchArcs: u32 = 0;
let inOrderRanks: u32 = 0;

/**
 * Prepares the contraction of `nodeCount` nodes and `arcCount` arcs and returns the buffer the host fills with
 * each batch of at most `batchSize` arcs before loadArcs: their tails, heads, weights and distances (u32 arrays of
 * `batchSize` each). `rankToNode` is 0 to choose the order by priority, or the address of a rank → node array
 * (reserve) to reuse an order found before (a different metric over the same topology), for its lowest `inOrder`
 * ranks (all of them with `nodeCount`) and by priority above them. The arcs arrive in batches so that they never
 * sit whole in this memory: 16 bytes an arc that only loading reads.
 */
export function startContraction(nodeCount: u32, arcCount: u32, rankToNode: usize, inOrder: u32, batchSize: u32): usize {
  nodes = nodeCount;
  order = rankToNode;
  inOrderRanks = order == 0 ? 0 : inOrder;
  batchArcs = batchSize;
  // Every fixed array first: the lists' blocks take the arena's top (list-blocks.ts).
  allocateLists(nodeCount);
  allocateWitnessSearch(nodeCount);
  if (inOrderRanks < nodeCount) allocateOrdering(nodeCount);
  rank = arenaAllocate(<usize>nodeCount << 2);
  batch = arenaAllocate(<usize>batchSize << 4);
  startLists();
  resetShortcuts(arcCount);
  return batch;
}

/** Adds the batch's `count` arcs, the first of them arc `firstArc`, to the graph to contract. */
export function loadArcs(count: u32, firstArc: u32): void {
  const tail = batch, head = tail + (<usize>batchArcs << 2);
  const weight = head + (<usize>batchArcs << 2), distance = weight + (<usize>batchArcs << 2);
  for (let i: u32 = 0; i < count; i++) {
    const offset = <usize>i << 2;
    const from = load<u32>(tail + offset);
    const to = load<u32>(head + offset);
    const arcWeight = load<u32>(weight + offset);
    // Loops never lie on a shortest path; of parallel arcs only the fastest is kept; a weight of NONE
    // closes the arc under this metric (e.g. too low for this truck class).
    if (from != to && arcWeight != NONE) addOrImprove(from, to, arcWeight, load<u32>(distance + offset), firstArc + i, 1);
  }
}

/**
 * Contracts the graph loaded, handing each contracted node's upward edges to the host as they are made
 * (upward-output.ts); returns the address of the node → rank array.
 */
export function contract(limits: ContractionLimits): usize {
  if (inOrderRanks < nodes) contractByPriority(nodes, limits, rank, order, inOrderRanks);
  else contractInOrder(nodes, limits, order, rank);
  return rank;
}
