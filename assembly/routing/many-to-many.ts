// Kernel: duration and distance matrices between seed sets with the bucket method (Knopp et al. 2007):
// one backward upward search per target leaves (target, weight) entries in the buckets of the nodes it
// settles; one forward upward search per source then scans the buckets of the nodes it settles.
import { getU32, setU32, NONE } from '../common/memory';
import { SearchGraph, SearchSpace } from './layout';
import { isStalled, labelDistance, labelWeight, relaxEdges, resetSearch, searchExhausted, seedSearch, settleNext } from './search-space';

/**
 * Bucket entries as linked lists per node: `heads` holds the newest entry of each internal node (NONE
 * between calls), each 20-byte entry holds (next, target, weight, distance, node).
 */
@unmanaged export class Buckets {
  heads: usize;
  entries: usize;
  count: u32;
  capacity: u32;
}

/** Seed lists of every source or target: `first[i]..first[i+1]` index into `seeds`. */
@unmanaged export class SeedSets {
  count: u32;
  first: usize;
  seeds: usize;
}

@inline function entryAddress(buckets: Buckets, index: u32): usize {
  return buckets.entries + <usize>index * 20;
}

function addEntry(buckets: Buckets, node: u32, target: u32, weight: u32, distance: u32): void {
  const index = buckets.count;
  buckets.count = index + 1;
  if (index >= buckets.capacity) return; // counted, so the host can retry with enough room
  const entry = entryAddress(buckets, index);
  store<u32>(entry, getU32(buckets.heads, node));
  store<u32>(entry, target, 4);
  store<u32>(entry, weight, 8);
  store<u32>(entry, distance, 12);
  store<u32>(entry, node, 16);
  setU32(buckets.heads, node, index);
}

@inline function seedsOf(sets: SeedSets, i: u32): usize {
  return sets.seeds + <usize>getU32(sets.first, i) * 12;
}

@inline function seedCountOf(sets: SeedSets, i: u32): u32 {
  return getU32(sets.first, i + 1) - getU32(sets.first, i);
}

function fillBuckets(graph: SearchGraph, space: SearchSpace, targets: SeedSets, buckets: Buckets): void {
  for (let t: u32 = 0; t < targets.count; t++) {
    seedSearch(space, graph, seedsOf(targets, t), seedCountOf(targets, t));
    while (!searchExhausted(space)) {
      const node = settleNext(space);
      if (isStalled(space, node, graph.forwardFirst, graph.forwardEdges)) continue;
      addEntry(buckets, node, t, labelWeight(space, node), labelDistance(space, node));
      relaxEdges(space, node, graph.backwardFirst, graph.backwardEdges);
    }
    resetSearch(space);
  }
}

function scanBuckets(
  graph: SearchGraph, space: SearchSpace, sources: SeedSets, targetCount: u32, buckets: Buckets,
  weights: usize, distances: usize,
): void {
  for (let s: u32 = 0; s < sources.count; s++) {
    const row = <usize>s * targetCount;
    seedSearch(space, graph, seedsOf(sources, s), seedCountOf(sources, s));
    while (!searchExhausted(space)) {
      const node = settleNext(space);
      if (isStalled(space, node, graph.backwardFirst, graph.backwardEdges)) continue;
      const weight = labelWeight(space, node);
      const distance = labelDistance(space, node);
      for (let e = getU32(buckets.heads, node); e != NONE; ) {
        const entry = entryAddress(buckets, e);
        const cell = row + load<u32>(entry, 4);
        const total = weight + load<u32>(entry, 8);
        if (total < load<u32>(weights + (cell << 2))) {
          store<u32>(weights + (cell << 2), total);
          store<u32>(distances + (cell << 2), distance + load<u32>(entry, 12));
        }
        e = load<u32>(entry);
      }
      relaxEdges(space, node, graph.forwardFirst, graph.forwardEdges);
    }
    resetSearch(space);
  }
}

function clearBuckets(buckets: Buckets): void {
  const stored = min(buckets.count, buckets.capacity);
  for (let i: u32 = 0; i < stored; i++) setU32(buckets.heads, load<u32>(entryAddress(buckets, i), 16), NONE);
}

function fillUnreached(matrix: usize, cells: usize): void {
  memory.fill(matrix, 0xff, cells << 2);
}

/**
 * Fills the row-major source × target matrices (UNREACHED where no path exists). Returns 0 on success,
 * or the number of bucket entries needed when `buckets.capacity` was too small (matrices then invalid).
 */
export function manyToMany(
  graph: SearchGraph, space: SearchSpace, sources: SeedSets, targets: SeedSets, buckets: Buckets,
  weights: usize, distances: usize,
): u32 {
  buckets.count = 0;
  fillBuckets(graph, space, targets, buckets);
  const needed = buckets.count;
  if (needed > buckets.capacity) {
    clearBuckets(buckets);
    return needed;
  }
  fillUnreached(weights, <usize>sources.count * targets.count);
  scanBuckets(graph, space, sources, targets.count, buckets, weights, distances);
  clearBuckets(buckets);
  return 0;
}
