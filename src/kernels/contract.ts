// Runs the contraction kernel in this thread (private memory) and returns the hierarchy's byte form.
// Called inside the contraction worker; the main thread uses buildHierarchy instead.
import { CLOSED_ARC, type ArcGraph } from './arc-graph.js';
import { ChunkedBytes } from '../common/chunked-bytes.js';
import { CONTRACTION_LIMITS_BYTES, ContractionLimitsField, EDGE_BYTES, U32 } from './layout.js';
import { hierarchyArrayOffsets, writeHierarchyHeader } from './hierarchy.js';
import { instantiateContraction, type ContractionSinks } from './wasm-modules.js';

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

/**
 * The hierarchy as the kernel hands it over: each contracted node's upward edges in rank order (the search
 * graph's lists, with node ids where ranks belong) and the shortcuts' children, kept outside the kernel's memory.
 */
class HierarchyCollector implements ContractionSinks {
  private readonly edges = [new ChunkedBytes(), new ChunkedBytes()];
  private readonly firsts: [Uint32Array, Uint32Array];
  private readonly ranksDone = [0, 0];
  private readonly children = new ChunkedBytes();
  memory: WebAssembly.Memory | undefined;

  constructor(private readonly nodeCount: number) {
    this.firsts = [new Uint32Array(nodeCount + 1), new Uint32Array(nodeCount + 1)];
  }

  readonly upwardEdges = (incoming: number, address: number, count: number): void => {
    const side = incoming ? 1 : 0, first = this.firsts[side], rank = this.ranksDone[side]!++;
    first[rank + 1] = first[rank]! + count;
    this.edges[side]!.append(new Uint8Array(this.memory!.buffer, address, count * EDGE_BYTES));
  };

  readonly shortcutChildren = (address: number, count: number): void => {
    this.children.append(new Uint8Array(this.memory!.buffer, address, count * 2 * U32));
  };

  /** The hierarchy's byte form, given the kernel's node → rank array; empties the collector. */
  toBytes(arcCount: number, rank: Uint32Array): Uint8Array {
    const [forwardFirst, backwardFirst] = this.firsts;
    const counts = {
      nodeCount: this.nodeCount, arcCount, shortcutCount: this.children.length / (2 * U32),
      forwardEdgeCount: forwardFirst[this.nodeCount]!, backwardEdgeCount: backwardFirst[this.nodeCount]!,
    };
    const offsets = hierarchyArrayOffsets(counts);
    const bytes = new Uint8Array(offsets.end);
    writeHierarchyHeader(bytes, counts);
    const setWords = (at: number, words: Uint32Array) => bytes.set(new Uint8Array(words.buffer, words.byteOffset, words.byteLength), at);
    setWords(offsets.rank, rank);
    setWords(offsets.forwardFirst, forwardFirst);
    setWords(offsets.backwardFirst, backwardFirst);
    this.moveEdges(bytes, offsets.forwardEdges, this.edges[0]!, rank);
    this.moveEdges(bytes, offsets.backwardEdges, this.edges[1]!, rank);
    this.children.moveTo(bytes, offsets.shortcutChildren);
    return bytes;
  }

  /** Places one side's edges and turns the node ids at their other end into ranks. */
  private moveEdges(bytes: Uint8Array, at: number, edges: ChunkedBytes, rank: Uint32Array): void {
    const count = edges.length / EDGE_BYTES;
    edges.moveTo(bytes, at);
    const words = new Uint32Array(bytes.buffer, at, count * (EDGE_BYTES / U32));
    for (let i = 0; i < words.length; i += EDGE_BYTES / U32) words[i] = rank[words[i]!]!;
  }
}

/**
 * Contracts the graph and returns the hierarchy's byte form. With `order` (rank → node, e.g. from
 * contractionOrder of another metric's hierarchy) the node ordering is skipped and only shortcuts are found.
 */
export function contractToBytes(graph: ArcGraph, order?: Uint32Array, limits = DEFAULT_CONTRACTION_LIMITS): Uint8Array {
  checkArcGraph(graph);
  if (order && order.length !== graph.nodeCount) throw new RangeError('order must list every node once');
  const collector = new HierarchyCollector(graph.nodeCount);
  const kernel = instantiateContraction(collector).exports as unknown as ContractionExports;
  collector.memory = kernel.memory;
  const rankAddress = kernel.buildHierarchy(
    graph.nodeCount, graph.tail.length,
    place(kernel, graph.tail), place(kernel, graph.head), place(kernel, graph.weight), place(kernel, graph.distance),
    order ? place(kernel, order) : 0, placeLimits(kernel, limits),
  );
  return collector.toBytes(graph.tail.length, new Uint32Array(kernel.memory.buffer, rankAddress, graph.nodeCount));
}
