// The structures the host lays out in the shared memory, read by every routing kernel.
// Written again in src/kernels/layout.ts for the host; assembly/routing/layout-offsets.ts exports the compiled
// offsets of every shared structure, and the host checks its table against them when it loads a kernel.
import { IndexedHeap } from '../common/indexed-heap';

/**
 * A search graph: for each internal node two CSR lists of 16-byte edges (other, weight, distance, arc).
 * In a contraction hierarchy internal ids are ranks; forward edges lead up from a node, backward edges
 * are the arcs coming down into a node, stored at the lower node and walked upwards by a backward search.
 * The plain graph for the Dijkstra baseline uses the same layout with every arc and an identity rank.
 */
@unmanaged export class SearchGraph {
  nodeCount: u32;
  /**
   * Original arcs; a hierarchy arc id at or above this is a shortcut bypassing the node of internal id
   * (id - arcCount), lower than both its ends: its halves are that node's edges to each end.
   */
  arcCount: u32;
  shortcutCount: u32;
  /** u32 per original node: its internal id. */
  rank: usize;
  forwardFirst: usize;
  forwardEdges: usize;
  backwardFirst: usize;
  backwardEdges: usize;
}

export const EDGE_BYTES: usize = 16;

@inline export function edgeAddress(edges: usize, index: u32): usize {
  return edges + <usize>index * EDGE_BYTES;
}
@inline export function edgeOther(edge: usize): u32 {
  return load<u32>(edge);
}
@inline export function edgeWeight(edge: usize): u32 {
  return load<u32>(edge, 4);
}
@inline export function edgeDistance(edge: usize): u32 {
  return load<u32>(edge, 8);
}
@inline export function edgeArc(edge: usize): u32 {
  return load<u32>(edge, 12);
}

/**
 * The labels of one search direction, in a worker's own scratch slot. Only `weight` must hold UNREACHED
 * for every node between searches; the other arrays are read only where the weight is set.
 */
@unmanaged export class SearchSpace {
  /** u32 per internal node: best known weight, UNREACHED otherwise. */
  weight: usize;
  /** u32 per internal node: distance along the path of that weight. */
  distance: usize;
  /** u32 per internal node: hierarchy arc that reached it, NONE for a seed. */
  parentArc: usize;
  /** u32 per internal node: previous internal node, or the seed index for a seed. */
  parentNode: usize;
  /** u32 per internal node: nodes whose weight was set, to be reset after the search. */
  touched: usize;
  touchedCount: u32;
  heap: IndexedHeap;
}

/** A list of seeds: (original node, weight, distance) triples of u32. */
export const SEED_BYTES: usize = 12;

@inline export function seedNode(seeds: usize, index: u32): u32 {
  return load<u32>(seeds + <usize>index * SEED_BYTES);
}
@inline export function seedWeight(seeds: usize, index: u32): u32 {
  return load<u32>(seeds + <usize>index * SEED_BYTES, 4);
}
@inline export function seedDistance(seeds: usize, index: u32): u32 {
  return load<u32>(seeds + <usize>index * SEED_BYTES, 8);
}
