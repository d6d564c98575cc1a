// The shrinking graph of uncontracted nodes: per node an out-list and an in-list of 20-byte edges
// (other, weight, distance, arc, hops). When a node is contracted, its lists are left as they are and
// become its upward edges; only its neighbours forget it.
import { arenaAllocate } from './arena';

const EDGE_SIZE: usize = 20;

let lists: usize = 0; // per node: outAt, outLength, outCapacity, inAt, inLength, inCapacity (u32 each)

export function allocateLists(nodeCount: u32): void {
  lists = arenaAllocate(<usize>nodeCount * 24);
}

@inline function listHeader(node: u32, incoming: bool): usize {
  return lists + <usize>node * 24 + (incoming ? 12 : 0);
}

@inline export function listLength(node: u32, incoming: bool): u32 {
  return load<u32>(listHeader(node, incoming), 4);
}

@inline export function listEdge(node: u32, incoming: bool, index: u32): usize {
  return <usize>load<u32>(listHeader(node, incoming)) + <usize>index * EDGE_SIZE;
}

@inline export function edgeOther(edge: usize): u32 { return load<u32>(edge); }
@inline export function edgeWeight(edge: usize): u32 { return load<u32>(edge, 4); }
@inline export function edgeDistance(edge: usize): u32 { return load<u32>(edge, 8); }
@inline export function edgeArc(edge: usize): u32 { return load<u32>(edge, 12); }
@inline export function edgeHops(edge: usize): u32 { return load<u32>(edge, 16); }

function writeEdge(edge: usize, other: u32, weight: u32, distance: u32, arc: u32, hops: u32): void {
  store<u32>(edge, other);
  store<u32>(edge, weight, 4);
  store<u32>(edge, distance, 8);
  store<u32>(edge, arc, 12);
  store<u32>(edge, hops, 16);
}

/** Index of the edge to `other` in a list, or -1. Lists hold at most one edge per neighbour. */
function findEdge(node: u32, incoming: bool, other: u32): i32 {
  const header = listHeader(node, incoming);
  const at = <usize>load<u32>(header);
  const length = load<u32>(header, 4);
  for (let i: u32 = 0; i < length; i++) if (load<u32>(at + <usize>i * EDGE_SIZE) == other) return <i32>i;
  return -1;
}

function append(node: u32, incoming: bool, other: u32, weight: u32, distance: u32, arc: u32, hops: u32): void {
  const header = listHeader(node, incoming);
  const length = load<u32>(header, 4);
  let capacity = load<u32>(header, 8);
  if (length == capacity) {
    // Doubling leaves the old block behind; total waste stays below the final size.
    capacity = max<u32>(4, capacity * 2);
    const moved = arenaAllocate(<usize>capacity * EDGE_SIZE);
    memory.copy(moved, load<u32>(header), <usize>length * EDGE_SIZE);
    store<u32>(header, <u32>moved);
    store<u32>(header, capacity, 8);
  }
  writeEdge(<usize>load<u32>(header) + <usize>length * EDGE_SIZE, other, weight, distance, arc, hops);
  store<u32>(header, length + 1, 4);
}

function removeAt(node: u32, incoming: bool, index: u32): void {
  const header = listHeader(node, incoming);
  const last = load<u32>(header, 4) - 1;
  const at = <usize>load<u32>(header);
  if (index != last) memory.copy(at + <usize>index * EDGE_SIZE, at + <usize>last * EDGE_SIZE, EDGE_SIZE);
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
  const existing = listEdge(tail, false, <u32>out);
  if (edgeWeight(existing) <= weight) return false;
  writeEdge(existing, head, weight, distance, arc, hops);
  writeEdge(listEdge(head, true, <u32>findEdge(head, true, tail)), tail, weight, distance, arc, hops);
  return true;
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

