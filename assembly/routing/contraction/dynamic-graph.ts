// The shrinking graph of uncontracted nodes: per node an out-list and an in-list of edges (other, weight,
// distance, arc, hops). When a node is contracted, only its neighbours forget it: its lists are then its upward
// edges, handed to the host and released (upward-output.ts). A list's block holds what witness searches read (other, weight: 8
// bytes an edge) apart from what only contraction reads (distance, arc, hops: 12 bytes), so that a search
// scans half the bytes: witness searches are nearly all of a contraction's time. The blocks themselves, and
// how they are reused and compacted, are list-blocks.ts's.
import { arenaAllocate } from './arena';
import { COLD_SIZE, giveListBlock, HOT_SIZE, LIST_HEADER_SIZE, listHeaderOf, startListBlocks, takeListBlock } from './list-blocks';

/** Per node an out-list and an in-list header, the list-blocks.ts owners node * 2 and node * 2 + 1. */
let lists: usize = 0;

export function allocateLists(nodeCount: u32): void {
  lists = arenaAllocate(<u64>nodeCount * 2 * LIST_HEADER_SIZE);
}

/** The arena's fixed arrays are all allocated: lists may take blocks from now on. */
export function startLists(): void {
  startListBlocks(lists);
}

@inline function listOwner(node: u32, incoming: bool): u32 {
  return (node << 1) | (incoming ? 1 : 0);
}

@inline function listHeader(node: u32, incoming: bool): usize {
  return listHeaderOf(listOwner(node, incoming));
}

@inline export function listLength(node: u32, incoming: bool): u32 {
  return load<u32>(listHeader(node, incoming), 4);
}

/** The edge's (other, weight), what a search reads. */
@inline export function listEdge(node: u32, incoming: bool, index: u32): usize {
  return <usize>load<u32>(listHeader(node, incoming)) + <usize>index * HOT_SIZE;
}

/** The edge's (distance, arc, hops), what only contraction reads. */
@inline export function listEdgeDetail(node: u32, incoming: bool, index: u32): usize {
  const header = listHeader(node, incoming);
  return <usize>load<u32>(header) + <usize>load<u32>(header, 8) * HOT_SIZE + <usize>index * COLD_SIZE;
}

@inline export function edgeOther(edge: usize): u32 { return load<u32>(edge); }
@inline export function edgeWeight(edge: usize): u32 { return load<u32>(edge, 4); }
@inline export function detailDistance(detail: usize): u32 { return load<u32>(detail); }
@inline export function detailArc(detail: usize): u32 { return load<u32>(detail, 4); }
@inline export function detailHops(detail: usize): u32 { return load<u32>(detail, 8); }

function writeEdge(node: u32, incoming: bool, index: u32, other: u32, weight: u32, distance: u32, arc: u32, hops: u32): void {
  const edge = listEdge(node, incoming, index);
  store<u32>(edge, other);
  store<u32>(edge, weight, 4);
  const detail = listEdgeDetail(node, incoming, index);
  store<u32>(detail, distance);
  store<u32>(detail, arc, 4);
  store<u32>(detail, hops, 8);
}

/** Index of the edge to `other` in a list, or -1. Lists hold at most one edge per neighbour. */
function findEdge(node: u32, incoming: bool, other: u32): i32 {
  const header = listHeader(node, incoming);
  const at = <usize>load<u32>(header);
  const length = load<u32>(header, 4);
  for (let i: u32 = 0; i < length; i++) if (load<u32>(at + <usize>i * HOT_SIZE) == other) return <i32>i;
  return -1;
}

function grow(node: u32, incoming: bool, length: u32): void {
  const header = listHeader(node, incoming);
  const capacity = max<u32>(4, load<u32>(header, 8) * 2);
  // Taking a block may compact the blocks, this list's too: where it is now is read after.
  const moved = takeListBlock(listOwner(node, incoming), capacity);
  const old = <usize>load<u32>(header);
  const oldCapacity = load<u32>(header, 8);
  memory.copy(moved, old, <usize>length * HOT_SIZE);
  memory.copy(moved + <usize>capacity * HOT_SIZE, old + <usize>oldCapacity * HOT_SIZE, <usize>length * COLD_SIZE);
  if (oldCapacity > 0) giveListBlock(old, oldCapacity);
  store<u32>(header, <u32>moved);
  store<u32>(header, capacity, 8);
}

function append(node: u32, incoming: bool, other: u32, weight: u32, distance: u32, arc: u32, hops: u32): void {
  const header = listHeader(node, incoming);
  const length = load<u32>(header, 4);
  if (length == load<u32>(header, 8)) grow(node, incoming, length);
  writeEdge(node, incoming, length, other, weight, distance, arc, hops);
  store<u32>(header, length + 1, 4);
}

function removeAt(node: u32, incoming: bool, index: u32): void {
  const header = listHeader(node, incoming);
  const last = load<u32>(header, 4) - 1;
  if (index != last) {
    memory.copy(listEdge(node, incoming, index), listEdge(node, incoming, last), HOT_SIZE);
    memory.copy(listEdgeDetail(node, incoming, index), listEdgeDetail(node, incoming, last), COLD_SIZE);
  }
  store<u32>(header, last, 4);
}

/**
 * Adds the arc tail → head, or lowers the existing one when the new weight is smaller.
 * Returns false when an arc at least as short exists already (nothing changed).
 */
export function addOrImprove(tail: u32, head: u32, weight: u32, distance: u32, arc: u32, hops: u32): bool {
  const out = findEdge(tail, false, head);
  if (out < 0) {
    append(tail, false, head, weight, distance, arc, hops);
    append(head, true, tail, weight, distance, arc, hops);
    return true;
  }
  if (edgeWeight(listEdge(tail, false, <u32>out)) <= weight) return false;
  writeEdge(tail, false, <u32>out, head, weight, distance, arc, hops);
  writeEdge(head, true, <u32>findEdge(head, true, tail), tail, weight, distance, arc, hops);
  return true;
}

/** Gives a contracted node's list blocks, once handed over as its upward edges, to lists still growing. */
export function releaseLists(node: u32): void {
  for (let side = 0; side < 2; side++) {
    const header = listHeader(node, side == 1);
    const capacity = load<u32>(header, 8);
    if (capacity > 0) giveListBlock(<usize>load<u32>(header), capacity);
    store<u32>(header, 0);
    store<u32>(header, 0, 4);
    store<u32>(header, 0, 8);
  }
}

/** Removes a contracted node from the lists of its neighbours; its own lists stay as its upward edges. */
export function detachNode(node: u32): void {
  const outLength = listLength(node, false);
  for (let i: u32 = 0; i < outLength; i++) {
    const head = edgeOther(listEdge(node, false, i));
    removeAt(head, true, <u32>findEdge(head, true, node));
  }
  const inLength = listLength(node, true);
  for (let i: u32 = 0; i < inLength; i++) {
    const tail = edgeOther(listEdge(node, true, i));
    removeAt(tail, false, <u32>findEdge(tail, false, node));
  }
}
