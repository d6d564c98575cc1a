// Kernel: duration and distance matrices between seed sets with the bucket method (Knopp et al. 2007):
// one backward upward search per target leaves (target, weight) entries in the buckets of the nodes it
// settles; one forward upward search per source then scans the buckets of the nodes it settles.
import { getU32, setU32, NONE } from '../common/memory';
import { SearchGraph, SearchSpace } from './layout';
import { isStalled, labelDistance, labelWeight, relaxEdgesWithoutParents, resetSearch, searchExhausted, seedSearch, settleNext } from './search-space';

/**
 * The buckets. Entries are first collected as the target searches settle nodes (`collected`, 16 bytes:
 * node, target, weight, distance), then regrouped by node into `grouped` (12 bytes: target, weight,
 * distance; each node's group ends with a target of NONE) so that scanning a bucket reads memory in
 * order. `heads` holds per internal node the count, then the start of its group; NONE between calls.
 * `nodes` lists each node with a bucket once. Capacities: `capacity` collected entries, `nodes` and
 * `grouped` sized for capacity (+ capacity sentinels).
 */
@unmanaged export class Buckets {
  heads: usize;
  collected: usize;
  grouped: usize;
  nodes: usize;
  count: u32;
  capacity: u32;
  nodeCount: u32;
}

/** Seed lists of every source or target: `first[i]..first[i+1]` index into `seeds`. */
@unmanaged export class SeedSets {
  count: u32;
  first: usize;
  seeds: usize;
}

export const COLLECTED_ENTRY_BYTES: usize = 16;
export const GROUPED_ENTRY_BYTES: usize = 12;

function collect(buckets: Buckets, node: u32, target: u32, weight: u32, distance: u32): void {
  const index = buckets.count;
  buckets.count = index + 1;
  if (index >= buckets.capacity) return; // counted, so the host can retry with enough room
  const entry = buckets.collected + <usize>index * COLLECTED_ENTRY_BYTES;
  store<u32>(entry, node);
  store<u32>(entry, target, 4);
  store<u32>(entry, weight, 8);
  store<u32>(entry, distance, 12);
  const count = getU32(buckets.heads, node);
  if (count == NONE) {
    setU32(buckets.nodes, buckets.nodeCount, node);
    buckets.nodeCount++;
    setU32(buckets.heads, node, 1);
  } else setU32(buckets.heads, node, count + 1);
}

/** Regroups collected entries by node: counts become group ends, then a backward pass fills each group. */
function groupByNode(buckets: Buckets): void {
  let next: u32 = 0;
  for (let i: u32 = 0; i < buckets.nodeCount; i++) {
    const node = getU32(buckets.nodes, i);
    const end = next + getU32(buckets.heads, node);
    store<u32>(buckets.grouped + <usize>end * GROUPED_ENTRY_BYTES, NONE);
    setU32(buckets.heads, node, end);
    next = end + 1;
  }
  for (let i = buckets.count; i > 0; i--) {
    const entry = buckets.collected + <usize>(i - 1) * COLLECTED_ENTRY_BYTES;
    const node = load<u32>(entry);
    const at = getU32(buckets.heads, node) - 1;
    setU32(buckets.heads, node, at);
    const slot = buckets.grouped + <usize>at * GROUPED_ENTRY_BYTES;
    store<u32>(slot, load<u32>(entry, 4));
    store<u32>(slot, load<u32>(entry, 8), 4);
    store<u32>(slot, load<u32>(entry, 12), 8);
  }
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
      collect(buckets, node, t, labelWeight(space, node), labelDistance(space, node));
      relaxEdgesWithoutParents(space, node, graph.backwardFirst, graph.backwardEdges);
    }
    resetSearch(space);
  }
}

function scanBucket(buckets: Buckets, node: u32, weight: u32, distance: u32, weights: usize, distances: usize): void {
  let entry = buckets.grouped + <usize>getU32(buckets.heads, node) * GROUPED_ENTRY_BYTES;
  for (let target = load<u32>(entry); target != NONE; target = load<u32>(entry)) {
    const cell = <usize>target << 2;
    const total = weight + load<u32>(entry, 4);
    if (total < load<u32>(weights + cell)) {
      store<u32>(weights + cell, total);
      store<u32>(distances + cell, distance + load<u32>(entry, 8));
    }
    entry += GROUPED_ENTRY_BYTES;
  }
}

function scanBuckets(
  graph: SearchGraph, space: SearchSpace, sources: SeedSets, targetCount: u32, buckets: Buckets,
  weights: usize, distances: usize,
): void {
  for (let s: u32 = 0; s < sources.count; s++) {
    const row = (<usize>s * targetCount) << 2;
    seedSearch(space, graph, seedsOf(sources, s), seedCountOf(sources, s));
    while (!searchExhausted(space)) {
      const node = settleNext(space);
      if (isStalled(space, node, graph.backwardFirst, graph.backwardEdges)) continue;
      if (getU32(buckets.heads, node) != NONE) {
        scanBucket(buckets, node, labelWeight(space, node), labelDistance(space, node), weights + row, distances + row);
      }
      relaxEdgesWithoutParents(space, node, graph.forwardFirst, graph.forwardEdges);
    }
    resetSearch(space);
  }
}

function clearBuckets(buckets: Buckets): void {
  for (let i: u32 = 0; i < buckets.nodeCount; i++) setU32(buckets.heads, getU32(buckets.nodes, i), NONE);
  buckets.nodeCount = 0;
}

/**
 * Fills the row-major source × target matrices (UNREACHED in both where no path exists). Returns 0 on success,
 * or the number of bucket entries needed when `buckets.capacity` was too small (matrices then invalid).
 */
export function manyToMany(
  graph: SearchGraph, space: SearchSpace, sources: SeedSets, targets: SeedSets, buckets: Buckets,
  weights: usize, distances: usize,
): u32 {
  buckets.count = 0;
  buckets.nodeCount = 0;
  fillBuckets(graph, space, targets, buckets);
  const needed = buckets.count;
  if (needed > buckets.capacity) {
    clearBuckets(buckets);
    return needed;
  }
  groupByNode(buckets);
  memory.fill(weights, 0xff, (<usize>sources.count * targets.count) << 2);
  memory.fill(distances, 0xff, (<usize>sources.count * targets.count) << 2);
  scanBuckets(graph, space, sources, targets.count, buckets, weights, distances);
  clearBuckets(buckets);
  return 0;
}
