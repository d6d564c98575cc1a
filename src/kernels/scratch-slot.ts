// Working memory of one kernel call inside the shared memory: two search spaces, the path buffers, the
// bucket heads and a growing area for per-call inputs and outputs. Laid out through the atomic region
// allocator by the memory's pool (scratch-pool.ts), which lends it to one thread at a time.
import {
  BUCKETS_BYTES, BucketsField, INDEXED_HEAP_BYTES, IndexedHeapField, MEETING_BYTES, PATH_BUFFERS_BYTES,
  PathBuffersField, SEARCH_SPACE_BYTES, SearchSpaceField, U32, align16,
} from './layout.js';
import type { SharedRegions } from './shared-regions.js';

export interface ScratchSlot {
  /** Node and arc capacity the slot was sized for. */
  readonly nodeCapacity: number;
  readonly arcCapacity: number;
  readonly forward: number;
  readonly backward: number;
  readonly meeting: number;
  readonly path: number;
  readonly buckets: number;
  /** Start and size of the per-call area (seeds, matrices, bucket entries). */
  callArea: number;
  callAreaBytes: number;
}

/** Lays out one search space (labels, touched list, heap) in a region; returns its struct address. */
function layOutSearchSpace(regions: SharedRegions, nodeCount: number): number {
  const arrayBytes = align16(nodeCount * U32);
  const struct = regions.allocate(align16(SEARCH_SPACE_BYTES) + align16(INDEXED_HEAP_BYTES) + 7 * arrayBytes + arrayBytes);
  const heap = struct + align16(SEARCH_SPACE_BYTES);
  const arrays = heap + align16(INDEXED_HEAP_BYTES);
  const at = (i: number) => arrays + i * arrayBytes;
  const view = new DataView(regions.memory.buffer);
  view.setUint32(struct + SearchSpaceField.weight, at(0), true);
  view.setUint32(struct + SearchSpaceField.distance, at(1), true);
  view.setUint32(struct + SearchSpaceField.parentArc, at(2), true);
  view.setUint32(struct + SearchSpaceField.parentNode, at(3), true);
  view.setUint32(struct + SearchSpaceField.touched, at(4), true);
  view.setUint32(struct + SearchSpaceField.touchedCount, 0, true);
  view.setUint32(struct + SearchSpaceField.heap, heap, true);
  view.setUint32(heap + IndexedHeapField.size, 0, true);
  view.setUint32(heap + IndexedHeapField.positions, at(5), true);
  view.setUint32(heap + IndexedHeapField.entries, at(6), true); // 8 bytes per entry: spans arrays 6 and 7
  regions.bytes().fill(0xff, at(0), at(0) + arrayBytes); // every weight starts UNREACHED
  return struct;
}

function layOutPath(regions: SharedRegions, capacity: number): number {
  const bufferBytes = align16(capacity * U32);
  // The unpacking stack holds two ids per entry (assembly/routing/unpack.ts).
  const struct = regions.allocate(align16(PATH_BUFFERS_BYTES) + 3 * bufferBytes);
  const first = struct + align16(PATH_BUFFERS_BYTES);
  const view = new DataView(regions.memory.buffer);
  view.setUint32(struct + PathBuffersField.arcs, first, true);
  view.setUint32(struct + PathBuffersField.stack, first + bufferBytes, true);
  return struct;
}

function layOutBuckets(regions: SharedRegions, nodeCount: number): number {
  const struct = regions.allocate(align16(BUCKETS_BYTES) + nodeCount * U32);
  const heads = struct + align16(BUCKETS_BYTES);
  new DataView(regions.memory.buffer).setUint32(struct + BucketsField.heads, heads, true);
  regions.bytes().fill(0xff, heads, heads + nodeCount * U32); // no bucket holds an entry yet
  return struct;
}

export function claimScratchSlot(regions: SharedRegions, nodeCount: number, arcCount: number): ScratchSlot {
  // A route visits each node at most once, so neither its arcs nor the unpacking stack's pairs exceed this.
  const pathCapacity = Math.max(nodeCount, arcCount) + 1;
  return {
    nodeCapacity: nodeCount,
    arcCapacity: arcCount,
    forward: layOutSearchSpace(regions, nodeCount),
    backward: layOutSearchSpace(regions, nodeCount),
    meeting: regions.allocate(MEETING_BYTES),
    path: layOutPath(regions, pathCapacity),
    buckets: layOutBuckets(regions, nodeCount),
    callArea: 0,
    callAreaBytes: 0,
  };
}

/** Makes the per-call area at least `bytes` long (doubling, so a worker claims O(log) areas in all). */
export function ensureCallArea(regions: SharedRegions, slot: ScratchSlot, bytes: number): number {
  if (bytes > slot.callAreaBytes) {
    slot.callAreaBytes = align16(Math.max(bytes, 2 * slot.callAreaBytes, 1 << 16));
    slot.callArea = regions.allocate(slot.callAreaBytes);
  }
  return slot.callArea;
}
