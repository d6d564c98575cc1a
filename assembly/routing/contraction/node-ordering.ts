// Node ordering for contraction, in rounds: each round contracts every node whose priority (priority.ts) is
// below its neighbours', then simulates the neighbours it changed once each, however many of their neighbours
// went. Neighbours of dense contracted nodes are simulated only when they come up as a local minimum.
import { getU32, setU32 } from '../../common/memory';
import { arenaAllocate } from './arena';
import { detachNode, listLength, neighbour, releaseLists } from './dynamic-graph';
import { allocatePriorities, estimatedPriority, noteContractedNeighbour, simulatedPriority } from './priority';
import { contractNode } from './shortcuts';
import { handOverUpwardEdges } from './upward-output';

/** Limits of the witness searches: small while estimating, larger when shortcuts are really added. */
@unmanaged export class ContractionLimits {
  simulationSettleLimit: u32;
  contractionSettleLimit: u32;
}

let lastCounted: usize = 0; // u32 per node: 1 + the contracted node that last counted it as a neighbour

/**
 * Above this many edges (in + out) a contracted node's neighbours keep their last edge quotient instead of
 * being simulated again; each is simulated when it comes up as a local minimum, before it can be contracted.
 * Those re-simulations were most of the time on the turn graphs of grid-like cities. In rounds on the 300×300
 * city, 28 took 89 CPU s for 1.8 % fewer shortcuts and 4 % faster paths than the sequential order with 24;
 * 24 took 76 s for 1.6 % more shortcuts and 4–18 % slower paths (on the 100×100 city 20 was 35 % slower than 24).
 */
const SIMULATED_NEIGHBOURS_MAX_DEGREE: u32 = 28;

let priorities: usize = 0; // u32 per node: its priority after its neighbourhood last changed
let remaining: usize = 0; // the uncontracted nodes, compacted after each round
let remainingCount: u32 = 0;
/**
 * u8 per node, the bits below. Flags, and the round's chosen and affected nodes found again by a pass over the
 * remaining ones, instead of a u32 per node for each (a round number or a boolean) and lists of them: 23 bytes per
 * node less of the memory that bounds the graphs a contraction can take (docs/ch.md, Where it runs).
 */
let flags: usize = 0;
const CONTRACTED: u8 = 1;
/** Its edge quotient predates changes to its neighbourhood. */
const STALE: u8 = 2;
/** One of this round's independent nodes. */
const CHOSEN: u8 = 4;
/** A neighbour of it was contracted this round. */
const AFFECTED: u8 = 8;
/** A sparse neighbour of it was contracted this round: it is simulated again at once. */
const RESIMULATE: u8 = 16;

@inline function hasFlag(node: u32, flag: u8): bool {
  return (load<u8>(flags + node) & flag) != 0;
}

@inline function setFlag(node: u32, flag: u8, on: bool): void {
  const bits = load<u8>(flags + node);
  store<u8>(flags + node, on ? bits | flag : bits & ~flag);
}

/** A bijection of node ids: ties between equal priorities are broken in a scattered order, not along the grid. */
@inline function scattered(node: u32): u32 {
  return node * 0x9e3779b1;
}

@inline function precedes(a: u32, b: u32): bool {
  const pa = getU32(priorities, a), pb = getU32(priorities, b);
  return pa < pb || (pa == pb && scattered(a) < scattered(b));
}

function precedesList(node: u32, incoming: bool): bool {
  const length = listLength(node, incoming);
  for (let i: u32 = 0; i < length; i++) if (!precedes(node, neighbour(node, incoming, i))) return false;
  return true;
}

@inline function isLocalMinimum(node: u32): bool {
  return precedesList(node, false) && precedesList(node, true);
}

/** The lazy check: a node is contracted only on a priority simulated since its neighbourhood changed. */
function refreshStaleMinima(limits: ContractionLimits): void {
  for (let i: u32 = 0; i < remainingCount; i++) {
    const node = getU32(remaining, i);
    if (hasFlag(node, STALE) && isLocalMinimum(node)) simulate(node, limits);
  }
}

/** Marks this round's nodes: every local minimum, decided before any of them is contracted. */
function chooseLocalMinima(): void {
  for (let i: u32 = 0; i < remainingCount; i++) {
    const node = getU32(remaining, i);
    if (!hasFlag(node, STALE) && isLocalMinimum(node)) setFlag(node, CHOSEN, true);
  }
}

function simulate(node: u32, limits: ContractionLimits): void {
  setU32(priorities, node, simulatedPriority(node, limits.simulationSettleLimit));
  setFlag(node, STALE, false);
}

function noteNeighbours(node: u32, incoming: bool): void {
  const length = listLength(node, incoming);
  const sparse = listLength(node, false) + listLength(node, true) <= SIMULATED_NEIGHBOURS_MAX_DEGREE;
  for (let i: u32 = 0; i < length; i++) {
    const other = neighbour(node, incoming, i);
    if (getU32(lastCounted, other) == node + 1) continue; // both an in- and an out-neighbour
    setU32(lastCounted, other, node + 1);
    noteContractedNeighbour(other, node);
    setFlag(other, sparse ? AFFECTED | RESIMULATE : AFFECTED, true);
  }
}

function markStale(node: u32): void {
  setU32(priorities, node, estimatedPriority(node));
  setFlag(node, STALE, true);
}

function dropContracted(): void {
  let kept: u32 = 0;
  for (let i: u32 = 0; i < remainingCount; i++) {
    const node = getU32(remaining, i);
    if (!hasFlag(node, CONTRACTED)) setU32(remaining, kept++, node);
  }
  remainingCount = kept;
}

/** Contracts a node for real and takes it out of the remaining graph. */
function contract(node: u32, limits: ContractionLimits): void {
  contractNode(node, limits.contractionSettleLimit, false);
  handOverUpwardEdges(node);
  detachNode(node);
}

export function allocateOrdering(nodeCount: u32): void {
  allocatePriorities(nodeCount);
  const bytes = <usize>nodeCount << 2;
  lastCounted = arenaAllocate(bytes);
  priorities = arenaAllocate(bytes);
  remaining = arenaAllocate(bytes);
  flags = arenaAllocate(<usize>nodeCount);
}

/** Contracts this round's nodes in the order of `remaining`, ranked from `next` on; returns the next free rank. */
function contractChosen(limits: ContractionLimits, rank: usize, next: u32): u32 {
  for (let i: u32 = 0; i < remainingCount; i++) {
    const node = getU32(remaining, i);
    if (!hasFlag(node, CHOSEN)) continue;
    contract(node, limits);
    store<u8>(flags + node, CONTRACTED);
    setU32(rank, node, next++);
    noteNeighbours(node, false);
    noteNeighbours(node, true);
    releaseLists(node);
  }
  return next;
}

/** Updates the priority of every node a contraction of this round changed (they are all still remaining). */
function updateAffected(limits: ContractionLimits): void {
  for (let i: u32 = 0; i < remainingCount; i++) {
    const node = getU32(remaining, i);
    if (!hasFlag(node, AFFECTED)) continue;
    if (hasFlag(node, RESIMULATE)) simulate(node, limits);
    else markStale(node);
    setFlag(node, AFFECTED | RESIMULATE, false);
  }
}

/**
 * Contracts the first `inOrder` nodes of `order` (rank → node) in that order, then every other node by priority,
 * in rounds of local minima (no two of them adjacent); writes each node's rank (its position in the order) into
 * `rank`. With `inOrder` 0 the whole order is found by priority; with some, the lower ranks of another metric's
 * order are taken where they still suit and only the top, where a metric that slows some roads more than others
 * changes which are worth contracting last, is ordered again.
 */
export function contractByPriority(nodeCount: u32, limits: ContractionLimits, rank: usize, order: usize, inOrder: u32): void {
  for (let r: u32 = 0; r < inOrder; r++) {
    const node = getU32(order, r);
    contract(node, limits);
    store<u8>(flags + node, CONTRACTED);
    setU32(rank, node, r);
    noteNeighbours(node, false);
    noteNeighbours(node, true);
    releaseLists(node);
  }
  remainingCount = 0;
  for (let node: u32 = 0; node < nodeCount; node++) {
    if (hasFlag(node, CONTRACTED)) continue;
    store<u8>(flags + node, 0);
    simulate(node, limits);
    setU32(remaining, remainingCount++, node);
  }
  let next = inOrder;
  while (remainingCount > 0) {
    refreshStaleMinima(limits);
    chooseLocalMinima();
    next = contractChosen(limits, rank, next);
    dropContracted();
    updateAffected(limits);
  }
}

/** Contracts in a given order (rank → node), e.g. the order found for another metric of the same map. */
export function contractInOrder(nodeCount: u32, limits: ContractionLimits, order: usize, rank: usize): void {
  for (let r: u32 = 0; r < nodeCount; r++) {
    const node = getU32(order, r);
    contract(node, limits);
    setU32(rank, node, r);
    releaseLists(node);
  }
}
