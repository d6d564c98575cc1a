// Byte offsets of the structures shared with the routing kernels; mirrors assembly/routing/layout.ts,
// assembly/common/indexed-heap.ts, assembly/routing/unpack.ts, ch-query.ts and many-to-many.ts.

/** Every u32 array entry. */
export const U32 = 4;
/** Weight of an unreachable cell and of a label not reached yet. */
export const UNREACHED = 0xffffffff;

/** SearchGraph: the hierarchy (or plain graph) header the kernels receive. */
export const SearchGraphField = {
  nodeCount: 0,
  arcCount: 4,
  shortcutCount: 8,
  rank: 12,
  forwardFirst: 16,
  forwardEdges: 20,
  backwardFirst: 24,
  backwardEdges: 28,
  shortcutChildren: 32,
} as const;
export const SEARCH_GRAPH_BYTES = 36;

/** A search-graph edge: other node, weight, distance, arc id. */
export const EDGE_BYTES = 16;
/** A seed: original node, weight, distance. */
export const SEED_BYTES = 12;

/** IndexedHeap header. */
export const IndexedHeapField = { size: 0, entries: 4, positions: 8 } as const;
export const INDEXED_HEAP_BYTES = 12;

/** SearchSpace: one direction's labels. */
export const SearchSpaceField = {
  weight: 0,
  distance: 4,
  parentArc: 8,
  parentNode: 12,
  touched: 16,
  touchedCount: 20,
  heap: 24,
} as const;
export const SEARCH_SPACE_BYTES = 28;

/** Meeting: result weight, distance and top node of a point-to-point search. */
export const MeetingField = { weight: 0, distance: 4, node: 8 } as const;
export const MEETING_BYTES = 12;

/** PathBuffers: where an unpacked route is written. */
export const PathBuffersField = { arcCount: 0, arcs: 4, stack: 8, chain: 12, sourceSeed: 16, targetSeed: 20 } as const;
export const PATH_BUFFERS_BYTES = 24;

/** Buckets of the many-to-many kernel. */
export const BucketsField = { heads: 0, collected: 4, grouped: 8, nodes: 12, count: 16, capacity: 20, nodeCount: 24 } as const;
export const BUCKETS_BYTES = 28;
/** Per bucket entry of capacity: collected (16), grouped with room for a sentinel each (2 × 12), node list (4). */
export const COLLECTED_ENTRY_BYTES = 16;
export const GROUPED_ENTRY_BYTES = 12;

/** SeedSets: per source or target a range of seeds. */
export const SeedSetsField = { count: 0, first: 4, seeds: 8 } as const;
export const SEED_SETS_BYTES = 12;

/** ContractionLimits of the contraction kernel. */
export const ContractionLimitsField = { simulationSettleLimit: 0, contractionSettleLimit: 4 } as const;
export const CONTRACTION_LIMITS_BYTES = 8;

/** Rounds a byte count up to the 16-byte alignment every region starts on. */
export function align16(bytes: number): number {
  return Math.ceil(bytes / 16) * 16;
}
