// The shrinking graph of uncontracted nodes. Each edge is kept once, in its tail's out-list (other, weight,
// distance, arc, hops); the head's in-list names only the tail, and the edge is found in the tail's list when it
// is read from the head's side. Keeping it on both sides cost 40 bytes an edge instead of 24, and the dynamic
// graph is most of a contraction's memory; reading an edge from the head's side is rare next to the witness
// searches, which walk out-lists only. When a node is contracted, only its neighbours forget it: its lists are
// then its upward edges, handed to the host and released (upward-output.ts). An out-list's block holds what
// witness searches read (other, weight: 8 bytes an edge) apart from what only contraction reads (distance, arc,
// hops: 12 bytes), so that a search scans fewer bytes. The blocks themselves, and how they are reused and
// compacted, are list-blocks.ts's.
import { arenaAllocate } from './arena';
import { COLD_SIZE, copyEntries, giveListBlock, HOT_SIZE, IN_ENTRY_SIZE, LIST_HEADER_SIZE, listHeaderOf, startListBlocks, takeListBlock } from './list-blocks';

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

@inline function listData(node: u32, incoming: bool): usize {
  return <usize>load<u32>(listHeader(node, incoming));
}

@inline export function listLength(node: u32, incoming: bool): u32 {
  return load<u32>(listHeader(node, incoming), 4);
}

/** Where an in-list's `index`-th tail is kept. */
@inline function inEntry(node: u32, index: u32): usize {
  return listData(node, true) + <usize>index * IN_ENTRY_SIZE;
}

/** The other end of a node's `index`-th edge: its head when outgoing, its tail when incoming. */
@inline export function neighbour(node: u32, incoming: bool, index: u32): u32 {
  return incoming ? load<u32>(inEntry(node, index)) : edgeOther(outEdge(node, index));
}

/** The edge's (other, weight), what a search reads. */
@inline export function outEdge(node: u32, index: u32): usize {
  return listData(node, false) + <usize>index * HOT_SIZE;
}

/** The edge's (distance, arc, hops), what only contraction reads. */
@inline export function outEdgeDetail(node: u32, index: u32): usize {
  const header = listHeader(node, false);
  return <usize>load<u32>(header) + <usize>load<u32>(header, 8) * HOT_SIZE + <usize>index * COLD_SIZE;
}

@inline export function edgeOther(edge: usize): u32 { return load<u32>(edge); }
@inline export function edgeWeight(edge: usize): u32 { return load<u32>(edge, 4); }
@inline export function detailDistance(detail: usize): u32 { return load<u32>(detail); }
@inline export function detailArc(detail: usize): u32 { return load<u32>(detail, 4); }
@inline export function detailHops(detail: usize): u32 { return load<u32>(detail, 8); }

function writeEdge(tail: u32, index: u32, head: u32, weight: u32, distance: u32, arc: u32, hops: u32): void {
  const edge = outEdge(tail, index);
  store<u32>(edge, head);
  store<u32>(edge, weight, 4);
  const detail = outEdgeDetail(tail, index);
  store<u32>(detail, distance);
  store<u32>(detail, arc, 4);
  store<u32>(detail, hops, 8);
}

/** Index of the entry naming `other` in a list, or -1. Lists hold at most one edge per neighbour. */
function findEntry(node: u32, incoming: bool, other: u32): i32 {
  const at = listData(node, incoming);
  const length = listLength(node, incoming);
  const stride = incoming ? IN_ENTRY_SIZE : HOT_SIZE;
  for (let i: u32 = 0; i < length; i++) if (load<u32>(at + <usize>i * stride) == other) return <i32>i;
  return -1;
}

/**
 * Index of the edge tail → head in the tail's out-list, which must hold it. Indexes stay valid while edges are
 * added: lists only move whole, in order.
 */
export function outIndexOf(tail: u32, head: u32): u32 {
  return <u32>findEntry(tail, false, head);
}

function grow(node: u32, incoming: bool, length: u32): void {
  const header = listHeader(node, incoming);
  const capacity = max<u32>(4, load<u32>(header, 8) * 2);
  // Taking a block may compact the blocks, this list's too: where it is now is read after.
  const moved = takeListBlock(listOwner(node, incoming), capacity);
  const old = <usize>load<u32>(header);
  const oldCapacity = load<u32>(header, 8);
  copyEntries(incoming, moved, capacity, old, oldCapacity, length);
  if (oldCapacity > 0) giveListBlock(listOwner(node, incoming), old, oldCapacity);
  store<u32>(header, <u32>moved);
  store<u32>(header, capacity, 8);
}

/** Makes room for one more entry at the end of a list; returns its index. */
function appendSlot(node: u32, incoming: bool): u32 {
  const header = listHeader(node, incoming);
  const length = load<u32>(header, 4);
  if (length == load<u32>(header, 8)) grow(node, incoming, length);
  store<u32>(header, length + 1, 4);
  return length;
}

function removeAt(node: u32, incoming: bool, index: u32): void {
  const header = listHeader(node, incoming);
  const last = load<u32>(header, 4) - 1;
  if (index != last) {
    if (incoming) {
      store<u32>(inEntry(node, index), load<u32>(inEntry(node, last)));
    } else {
      memory.copy(outEdge(node, index), outEdge(node, last), HOT_SIZE);
      memory.copy(outEdgeDetail(node, index), outEdgeDetail(node, last), COLD_SIZE);
    }
  }
  store<u32>(header, last, 4);
}

/**
 * Adds the arc tail → head, or lowers the existing one when the new weight is smaller.
 * Returns false when an arc at least as short exists already (nothing changed).
 */
export function addOrImprove(tail: u32, head: u32, weight: u32, distance: u32, arc: u32, hops: u32): bool {
  const out = findEntry(tail, false, head);
  if (out < 0) {
    writeEdge(tail, appendSlot(tail, false), head, weight, distance, arc, hops);
    store<u32>(inEntry(head, appendSlot(head, true)), tail);
    return true;
  }
  if (edgeWeight(outEdge(tail, <u32>out)) <= weight) return false;
  writeEdge(tail, <u32>out, head, weight, distance, arc, hops);
  return true;
}

/** Gives a contracted node's list blocks, once handed over as its upward edges, to lists still growing. */
export function releaseLists(node: u32): void {
  for (let side = 0; side < 2; side++) {
    const incoming = side == 1;
    const header = listHeader(node, incoming);
    const capacity = load<u32>(header, 8);
    if (capacity > 0) giveListBlock(listOwner(node, incoming), <usize>load<u32>(header), capacity);
    store<u32>(header, 0);
    store<u32>(header, 0, 4);
    store<u32>(header, 0, 8);
  }
}

/**
 * Removes a contracted node from the lists of its neighbours; its own lists stay, as the ids of its upward
 * edges' other ends. The edges coming into it are gone with its in-neighbours' entries: hand them over first.
 */
export function detachNode(node: u32): void {
  const outLength = listLength(node, false);
  for (let i: u32 = 0; i < outLength; i++) {
    const head = neighbour(node, false, i);
    removeAt(head, true, <u32>findEntry(head, true, node));
  }
  const inLength = listLength(node, true);
  for (let i: u32 = 0; i < inLength; i++) {
    const tail = neighbour(node, true, i);
    removeAt(tail, false, outIndexOf(tail, node));
  }
}
