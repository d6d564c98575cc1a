// A contraction hierarchy in the shared memory, and its byte form for the map cache. The byte form is
// the memory block itself (a file header, then the arrays), so restoring is one allocation and one copy, or one
// read from the file straight into place.
import { EDGE_BYTES, SEARCH_GRAPH_BYTES, SearchGraphField, U32, align16 } from './layout.js';
import type { SharedRegions } from './shared-regions.js';

/**
 * Where a hierarchy lives in the shared memory. Plain data: pass it to workers as it is.
 * Internal node ids are ranks; `rank` maps an original node id to its rank.
 */
export interface Hierarchy {
  /** Address of the SearchGraph header the kernels receive. */
  readonly address: number;
  readonly nodeCount: number;
  readonly arcCount: number;
  readonly shortcutCount: number;
  /** The byte form's place in the memory (what serializeHierarchy views). */
  readonly byteOffset: number;
  readonly byteLength: number;
}

const MAGIC = 0x48435246; // "FRCH" little-endian
const FORMAT_VERSION = 2;
/** magic, version, nodeCount, arcCount, shortcutCount, forwardEdgeCount, backwardEdgeCount, reserved. */
export const HIERARCHY_HEADER_BYTES = 32;

/** Sizes that fix where each array starts in the byte form. */
export interface HierarchyCounts {
  nodeCount: number;
  arcCount: number;
  shortcutCount: number;
  forwardEdgeCount: number;
  backwardEdgeCount: number;
}

/** Byte offsets of the arrays inside the byte form, in the order they are stored. */
export function hierarchyArrayOffsets(counts: HierarchyCounts) {
  const rank = HIERARCHY_HEADER_BYTES;
  const forwardFirst = rank + counts.nodeCount * U32;
  const forwardEdges = forwardFirst + (counts.nodeCount + 1) * U32;
  const backwardFirst = forwardEdges + counts.forwardEdgeCount * EDGE_BYTES;
  const backwardEdges = backwardFirst + (counts.nodeCount + 1) * U32;
  const end = backwardEdges + counts.backwardEdgeCount * EDGE_BYTES;
  return { rank, forwardFirst, forwardEdges, backwardFirst, backwardEdges, end };
}

/** Writes the file header of a byte form whose arrays the caller fills in. */
export function writeHierarchyHeader(bytes: Uint8Array, counts: HierarchyCounts): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, HIERARCHY_HEADER_BYTES);
  const fields = [MAGIC, FORMAT_VERSION, counts.nodeCount, counts.arcCount, counts.shortcutCount,
    counts.forwardEdgeCount, counts.backwardEdgeCount, 0];
  fields.forEach((value, i) => view.setUint32(i * U32, value, true));
}

/** The counts a byte form's header gives, checked to be a hierarchy of this format (its length is not checked). */
export function hierarchyCounts(bytes: Uint8Array): HierarchyCounts {
  if (bytes.byteLength < HIERARCHY_HEADER_BYTES) throw new Error('hierarchy bytes are truncated');
  const view = new DataView(bytes.buffer, bytes.byteOffset, HIERARCHY_HEADER_BYTES);
  if (view.getUint32(0, true) !== MAGIC) throw new Error('not a serialized hierarchy');
  const version = view.getUint32(4, true);
  if (version !== FORMAT_VERSION) throw new Error(`hierarchy format ${version}, expected ${FORMAT_VERSION}`);
  return {
    nodeCount: view.getUint32(8, true),
    arcCount: view.getUint32(12, true),
    shortcutCount: view.getUint32(16, true),
    forwardEdgeCount: view.getUint32(20, true),
    backwardEdgeCount: view.getUint32(24, true),
  };
}

/** A hierarchy laid out in the shared memory, and the region its byte form is still to be written into. */
export interface LaidOutHierarchy {
  hierarchy: Hierarchy;
  region: Uint8Array;
}

/**
 * Lays out a hierarchy of `counts` in the shared memory: its handle, and the region the caller fills with the byte
 * form before handing the handle on (copied from bytes in hand, or read there straight from a file).
 */
export function layOutHierarchy(regions: SharedRegions, counts: HierarchyCounts): LaidOutHierarchy {
  const offsets = hierarchyArrayOffsets(counts);
  const headerBytes = align16(SEARCH_GRAPH_BYTES);
  const address = regions.allocate(headerBytes + offsets.end);
  const byteOffset = address + headerBytes;
  const header = new DataView(regions.memory.buffer, address, SEARCH_GRAPH_BYTES);
  const fields: [number, number][] = [
    [SearchGraphField.nodeCount, counts.nodeCount],
    [SearchGraphField.arcCount, counts.arcCount],
    [SearchGraphField.shortcutCount, counts.shortcutCount],
    [SearchGraphField.rank, byteOffset + offsets.rank],
    [SearchGraphField.forwardFirst, byteOffset + offsets.forwardFirst],
    [SearchGraphField.forwardEdges, byteOffset + offsets.forwardEdges],
    [SearchGraphField.backwardFirst, byteOffset + offsets.backwardFirst],
    [SearchGraphField.backwardEdges, byteOffset + offsets.backwardEdges],
  ];
  for (const [field, value] of fields) header.setUint32(field, value, true);
  const hierarchy: Hierarchy = {
    address,
    nodeCount: counts.nodeCount,
    arcCount: counts.arcCount,
    shortcutCount: counts.shortcutCount,
    byteOffset,
    byteLength: offsets.end,
  };
  return { hierarchy, region: regions.bytes().subarray(byteOffset, byteOffset + offsets.end) };
}

/** Copies a hierarchy's byte form into the shared memory and returns its handle. */
export function restoreHierarchy(regions: SharedRegions, bytes: Uint8Array): Hierarchy {
  const counts = hierarchyCounts(bytes);
  if (hierarchyArrayOffsets(counts).end !== bytes.byteLength) throw new Error('hierarchy bytes have the wrong length');
  const { hierarchy, region } = layOutHierarchy(regions, counts);
  region.set(bytes);
  return hierarchy;
}

/**
 * The hierarchy's byte form, for the map cache: a view of the routing memory, not a copy (a hierarchy's region is
 * never freed nor moved, and a shared memory's buffer stays valid as it grows).
 */
export function serializeHierarchy(regions: SharedRegions, hierarchy: Hierarchy): Uint8Array {
  return regions.bytes().subarray(hierarchy.byteOffset, hierarchy.byteOffset + hierarchy.byteLength);
}

/** The contraction order (rank → original node), to contract another metric of the same map in it. */
export function contractionOrder(regions: SharedRegions, hierarchy: Hierarchy): Uint32Array {
  const rank = new Uint32Array(regions.memory.buffer, hierarchy.byteOffset + HIERARCHY_HEADER_BYTES, hierarchy.nodeCount);
  const order = new Uint32Array(hierarchy.nodeCount);
  for (let node = 0; node < rank.length; node++) order[rank[node]!] = node;
  return order;
}
