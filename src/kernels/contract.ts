// Runs the contraction kernel in this thread (private memory) and returns the hierarchy's byte form.
// Called inside the contraction worker; the main thread uses buildHierarchy instead.
import { CLOSED_ARC, type ArcGraph } from './arc-graph.js';
import { CONTRACTION_LIMITS_BYTES, ContractionLimitsField, EDGE_BYTES, SEARCH_GRAPH_BYTES, SearchGraphField, U32 } from './layout.js';
import { hierarchyArrayOffsets, writeHierarchyHeader } from './hierarchy.js';
import { instantiateContraction } from './wasm-modules.js';

/** Witness-search limits: settled nodes per search while ordering (estimates) and while contracting. */
export interface ContractionLimits {
  simulationSettleLimit: number;
  contractionSettleLimit: number;
}

const DEFAULT_CONTRACTION_LIMITS: ContractionLimits = { simulationSettleLimit: 30, contractionSettleLimit: 500 };

interface ContractionExports {
  memory: WebAssembly.Memory;
  reserve(bytes: number): number;
  buildHierarchy(
    nodeCount: number, arcCount: number, tail: number, head: number, weight: number, distance: number,
    order: number, limits: number,
  ): number;
}

/** Largest open arc weight: the kernels add weights in u32, so a route must stay far below 2^32. */
const MAX_ARC_WEIGHT = 0x7fffffff;

/** Checks the arc arrays agree with each other (so the kernel never reads outside them) and fit in u32 sums. */
export function checkArcGraph(graph: ArcGraph): void {
  const arcCount = graph.tail.length;
  if (graph.head.length !== arcCount || graph.weight.length !== arcCount || graph.distance.length !== arcCount) {
    throw new RangeError('tail, head, weight and distance must have one entry per arc');
  }
  for (let arc = 0; arc < arcCount; arc++) {
    if (graph.tail[arc]! >= graph.nodeCount || graph.head[arc]! >= graph.nodeCount) {
      throw new RangeError(`arc ${arc} names a node outside 0..${graph.nodeCount - 1}`);
    }
    const weight = graph.weight[arc]!;
    if (weight > MAX_ARC_WEIGHT && weight !== CLOSED_ARC) throw new RangeError(`arc ${arc} weighs ${weight} ms, more than a u31`);
  }
}

function place(kernel: ContractionExports, array: Uint32Array): number {
  const address = kernel.reserve(array.byteLength);
  new Uint32Array(kernel.memory.buffer, address, array.length).set(array);
  return address;
}

function placeLimits(kernel: ContractionExports, limits: ContractionLimits): number {
  const address = kernel.reserve(CONTRACTION_LIMITS_BYTES);
  const view = new DataView(kernel.memory.buffer, address, CONTRACTION_LIMITS_BYTES);
  view.setUint32(ContractionLimitsField.simulationSettleLimit, limits.simulationSettleLimit, true);
  view.setUint32(ContractionLimitsField.contractionSettleLimit, limits.contractionSettleLimit, true);
  return address;
}

/** Copies the kernel's result out of its private memory into the hierarchy byte form. */
function readHierarchy(kernel: ContractionExports, graphAddress: number): Uint8Array {
  const memory = kernel.memory.buffer;
  const header = new DataView(memory, graphAddress, SEARCH_GRAPH_BYTES);
  const field = (offset: number) => header.getUint32(offset, true);
  const nodeCount = field(SearchGraphField.nodeCount);
  const forwardFirst = new Uint32Array(memory, field(SearchGraphField.forwardFirst), nodeCount + 1);
  const backwardFirst = new Uint32Array(memory, field(SearchGraphField.backwardFirst), nodeCount + 1);
  const counts = {
    nodeCount,
    arcCount: field(SearchGraphField.arcCount),
    shortcutCount: field(SearchGraphField.shortcutCount),
    forwardEdgeCount: forwardFirst[nodeCount]!,
    backwardEdgeCount: backwardFirst[nodeCount]!,
  };
  const offsets = hierarchyArrayOffsets(counts);
  const bytes = new Uint8Array(offsets.end);
  writeHierarchyHeader(bytes, counts);
  const copy = (to: number, from: number, length: number) => bytes.set(new Uint8Array(memory, from, length), to);
  copy(offsets.rank, field(SearchGraphField.rank), nodeCount * U32);
  copy(offsets.forwardFirst, forwardFirst.byteOffset, forwardFirst.byteLength);
  copy(offsets.forwardEdges, field(SearchGraphField.forwardEdges), counts.forwardEdgeCount * EDGE_BYTES);
  copy(offsets.backwardFirst, backwardFirst.byteOffset, backwardFirst.byteLength);
  copy(offsets.backwardEdges, field(SearchGraphField.backwardEdges), counts.backwardEdgeCount * EDGE_BYTES);
  copy(offsets.shortcutChildren, field(SearchGraphField.shortcutChildren), counts.shortcutCount * 2 * U32);
  return bytes;
}

/**
 * Contracts the graph and returns the hierarchy's byte form. With `order` (rank → node, e.g. from
 * contractionOrder of another metric's hierarchy) the node ordering is skipped and only shortcuts are found.
 */
export function contractToBytes(graph: ArcGraph, order?: Uint32Array, limits = DEFAULT_CONTRACTION_LIMITS): Uint8Array {
  checkArcGraph(graph);
  if (order && order.length !== graph.nodeCount) throw new RangeError('order must list every node once');
  const kernel = instantiateContraction().exports as unknown as ContractionExports;
  const graphAddress = kernel.buildHierarchy(
    graph.nodeCount, graph.tail.length,
    place(kernel, graph.tail), place(kernel, graph.head), place(kernel, graph.weight), place(kernel, graph.distance),
    order ? place(kernel, order) : 0, placeLimits(kernel, limits),
  );
  return readHierarchy(kernel, graphAddress);
}
