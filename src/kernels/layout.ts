// Byte offsets of the structures shared with the routing kernels, as the TypeScript side writes and reads them.
// The kernels export the compiled offsets (assembly/routing/layout-offsets.ts) and `checkRoutingLayout` holds
// this table to them when a kernel is loaded, so the two sides cannot drift apart silently.
import { exportedConstant } from './exported-constants.js';

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
} as const;
export const SEARCH_GRAPH_BYTES = 32;

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
export const PathBuffersField = { arcCount: 0, arcs: 4, stack: 8, sourceSeed: 12, targetSeed: 16 } as const;
export const PATH_BUFFERS_BYTES = 20;

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

/** Every structure of the table above with its size, under the names the kernels export its offsets by. */
const structures: ReadonlyArray<[name: string, fields: Readonly<Record<string, number>>, bytes: number]> = [
  ['SearchGraph', SearchGraphField, SEARCH_GRAPH_BYTES],
  ['IndexedHeap', IndexedHeapField, INDEXED_HEAP_BYTES],
  ['SearchSpace', SearchSpaceField, SEARCH_SPACE_BYTES],
  ['Meeting', MeetingField, MEETING_BYTES],
  ['PathBuffers', PathBuffersField, PATH_BUFFERS_BYTES],
  ['Buckets', BucketsField, BUCKETS_BYTES],
  ['SeedSets', SeedSetsField, SEED_SETS_BYTES],
  ['ContractionLimits', ContractionLimitsField, CONTRACTION_LIMITS_BYTES],
];

const entrySizes: Readonly<Record<string, number>> = { EDGE_BYTES, SEED_BYTES, COLLECTED_ENTRY_BYTES, GROUPED_ENTRY_BYTES };

/** The differences between this table and the layout `file` was compiled with, one line each. */
export function routingLayoutDifferences(exports: WebAssembly.Exports, file: string): string[] {
  const differences: string[] = [];
  const compare = (name: string, expected: number): void => {
    const compiled = exportedConstant(exports, name, file);
    if (compiled !== expected) differences.push(`${name}: ${compiled} in ${file}, ${expected} in src/kernels/layout.ts`);
  };
  for (const [structure, fields, bytes] of structures) {
    for (const [field, offset] of Object.entries(fields)) compare(`${structure}_${field}`, offset);
    compare(`${structure}_BYTES`, bytes);
  }
  for (const [name, bytes] of Object.entries(entrySizes)) compare(name, bytes);
  return differences;
}

/** Throws, listing every difference, when `file` was compiled with another layout than this table's. */
export function checkRoutingLayout(exports: WebAssembly.Exports, file: string): void {
  const differences = routingLayoutDifferences(exports, file);
  if (differences.length > 0) throw new Error(`the routing kernel layout differs: ${differences.join('; ')}`);
}

/** Rounds a byte count up to the 16-byte alignment every region starts on. */
export function align16(bytes: number): number {
  return Math.ceil(bytes / 16) * 16;
}
