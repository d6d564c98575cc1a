// Node ordering for contraction: repeatedly contract the node of least priority, where priority grows
// with the shortcuts it would add relative to the edges it removes (edge quotient, counted in edges and
// in the original arcs they stand for), with its contracted neighbours (spreads contraction evenly) and
// with its level (keeps the hierarchy shallow). Priorities are refreshed lazily when a node comes up,
// and for the neighbours of every contracted node of moderate degree.
import { getU32, setU32 } from '../../common/memory';
import { IndexedHeap, heapIsEmpty, heapMinNode, heapPop, heapPushOrUpdate } from '../../common/indexed-heap';
import { arenaAllocate } from './arena';
import { detachNode, detailHops, edgeOther, listEdge, listEdgeDetail, listLength } from './dynamic-graph';
import { contractNode, neededHops, neededShortcuts } from './shortcuts';

/** Limits of the witness searches: small while estimating, larger when shortcuts are really added. */
@unmanaged export class ContractionLimits {
  simulationSettleLimit: u32;
  contractionSettleLimit: u32;
}

let level: usize = 0; // u32 per node: longest chain of contracted nodes below it
let contractedNeighbours: usize = 0; // u32 per node
let quotients: usize = 0; // u32 per node: the edge-quotient terms of its last simulation
let lastRefresh: usize = 0; // u32 per node: 1 + the node whose contraction last refreshed it
let queue: IndexedHeap = changetype<IndexedHeap>(0);

function removedHops(node: u32, incoming: bool): u32 {
  let hops: u32 = 0;
  const length = listLength(node, incoming);
  for (let i: u32 = 0; i < length; i++) hops += detailHops(listEdgeDetail(node, incoming, i));
  return hops;
}

/**
 * Weights measured on the 150×150 synthetic city: a contracted-neighbour weight of 500 gave 40% more
 * shortcuts and twice the query time of 50 (where it mostly breaks ties towards spreading); a level
 * weight of 500 beat 250, 1000 and 2000 on shortcuts and query time together.
 */
function priority(node: u32, limits: ContractionLimits): u32 {
  contractNode(node, limits.simulationSettleLimit, true);
  const removedEdges = max<u32>(1, listLength(node, false) + listLength(node, true));
  const removedArcs = max<u32>(1, removedHops(node, false) + removedHops(node, true));
  setU32(quotients, node, (2000 * neededShortcuts) / removedEdges + (1000 * neededHops) / removedArcs);
  return estimatedPriority(node);
}

function estimatedPriority(node: u32): u32 {
  return getU32(quotients, node) + 500 * getU32(level, node) + 50 * getU32(contractedNeighbours, node);
}

function noteContracted(neighbour: u32, node: u32): void {
  setU32(contractedNeighbours, neighbour, getU32(contractedNeighbours, neighbour) + 1);
  setU32(level, neighbour, max(getU32(level, neighbour), getU32(level, node) + 1));
}

/**
 * Above this many edges (in + out) a contracted node's neighbours keep their last edge quotient instead of
 * being simulated again (the lazy check still simulates each before it is contracted). Those re-simulations
 * were most of the time on the turn graphs of grid-like cities; on the 100×100 city skipping them above 24
 * edges halved the contraction time for 2.4 % more shortcuts (20: 4 % more on the 60×60 city; 16: 9 %).
 */
const SIMULATED_NEIGHBOURS_MAX_DEGREE: u32 = 24;

function refreshNeighbours(node: u32, incoming: bool, limits: ContractionLimits): void {
  const length = listLength(node, incoming);
  const simulate = listLength(node, false) + listLength(node, true) <= SIMULATED_NEIGHBOURS_MAX_DEGREE;
  for (let i: u32 = 0; i < length; i++) {
    const neighbour = edgeOther(listEdge(node, incoming, i));
    if (getU32(lastRefresh, neighbour) == node + 1) continue; // both an in- and an out-neighbour
    setU32(lastRefresh, neighbour, node + 1);
    noteContracted(neighbour, node);
    heapPushOrUpdate(queue, neighbour, simulate ? priority(neighbour, limits) : estimatedPriority(neighbour));
  }
}

/** Contracts a node for real and takes it out of the remaining graph. */
function contract(node: u32, limits: ContractionLimits): void {
  contractNode(node, limits.contractionSettleLimit, false);
  detachNode(node);
}

/** Contracts every node by priority; writes each node's rank (its position in the order) into `rank`. */
export function contractByPriority(nodeCount: u32, limits: ContractionLimits, rank: usize): void {
  level = arenaAllocate(<usize>nodeCount << 2);
  contractedNeighbours = arenaAllocate(<usize>nodeCount << 2);
  lastRefresh = arenaAllocate(<usize>nodeCount << 2);
  quotients = arenaAllocate(<usize>nodeCount << 2);
  queue = changetype<IndexedHeap>(arenaAllocate(offsetof<IndexedHeap>()));
  queue.entries = arenaAllocate(<usize>nodeCount << 3);
  queue.positions = arenaAllocate(<usize>nodeCount << 2);
  for (let node: u32 = 0; node < nodeCount; node++) heapPushOrUpdate(queue, node, priority(node, limits));
  let next: u32 = 0;
  while (!heapIsEmpty(queue)) {
    const node = heapMinNode(queue);
    heapPushOrUpdate(queue, node, priority(node, limits));
    if (heapMinNode(queue) != node) continue;
    heapPop(queue);
    contract(node, limits);
    setU32(rank, node, next++);
    refreshNeighbours(node, false, limits);
    refreshNeighbours(node, true, limits);
  }
}

/** Contracts in a given order (rank → node), e.g. the order found for another metric of the same map. */
export function contractInOrder(nodeCount: u32, limits: ContractionLimits, order: usize, rank: usize): void {
  for (let r: u32 = 0; r < nodeCount; r++) {
    const node = getU32(order, r);
    contract(node, limits);
    setU32(rank, node, r);
  }
}
