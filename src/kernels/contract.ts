// Runs the contraction kernel in this thread (private memory) and hands the hierarchy's byte form on, into bytes
// or to a sink. Called inside the contraction worker; the main thread uses buildHierarchy instead.
import type { ByteSink } from '../common/digesting-file-writer.js';
import { CLOSED_ARC, type ArcGraph } from './arc-graph.js';
import { HierarchyCollector } from './hierarchy-collector.js';
import { hierarchyArrayOffsets, type HierarchyCounts } from './hierarchy.js';
import { CONTRACTION_LIMITS_BYTES, ContractionLimitsField } from './layout.js';
import { instantiateContraction, kernelAddress } from './wasm-modules.js';

/** Witness-search limits: settled nodes per search while ordering (estimates) and while contracting. */
export interface ContractionLimits {
  simulationSettleLimit: number;
  contractionSettleLimit: number;
}

export const DEFAULT_CONTRACTION_LIMITS: ContractionLimits = { simulationSettleLimit: 30, contractionSettleLimit: 500 };

export interface ContractionExports {
  memory: WebAssembly.Memory;
  reserve(bytes: number): number;
  /** The bytes of its memory the run has touched at most: what it leaves resident. */
  arenaPeak(): number;
  startContraction(nodeCount: number, arcCount: number, rankToNode: number, inOrder: number, batchSize: number): number;
  loadArcs(count: number, firstArc: number): void;
  contract(limits: number): number;
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
  const address = kernelAddress(kernel.reserve(array.byteLength));
  new Uint32Array(kernel.memory.buffer, address, array.length).set(array);
  return address;
}

function placeLimits(kernel: ContractionExports, limits: ContractionLimits): number {
  const address = kernelAddress(kernel.reserve(CONTRACTION_LIMITS_BYTES));
  const view = new DataView(kernel.memory.buffer, address, CONTRACTION_LIMITS_BYTES);
  view.setUint32(ContractionLimitsField.simulationSettleLimit, limits.simulationSettleLimit, true);
  view.setUint32(ContractionLimitsField.contractionSettleLimit, limits.contractionSettleLimit, true);
  return address;
}

/** One contraction kernel instance and the collector its results go to: a run contracts one graph. */
export interface ContractionRun {
  kernel: ContractionExports;
  collector: HierarchyCollector;
}

/**
 * `spillPath`: where the hierarchy waits on disk as it is made (HierarchyCollector), instead of in memory;
 * `onContracted`: called with the number of nodes contracted so far, after each.
 */
export function startContractionRun(nodeCount: number, arcCount: number, spillPath?: string,
                                    onContracted?: (count: number) => void): ContractionRun {
  const collector = new HierarchyCollector(nodeCount, arcCount, spillPath, onContracted);
  const kernel = instantiateContraction(collector).exports as unknown as ContractionExports;
  collector.memory = kernel.memory;
  return { kernel, collector };
}

/**
 * A hierarchy just contracted, waiting in its collector: `moveInto` or `writeTo` (HierarchyCollector) its byte form,
 * once.
 */
export interface ContractedHierarchy {
  counts: HierarchyCounts;
  moveInto(bytes: Uint8Array): void;
  writeTo(sink: ByteSink): void;
}

/** What a run does with the hierarchy it contracted, and returns. */
export type HierarchyOutput<T> = (contracted: ContractedHierarchy) => T;

/** The output that writes the byte form into bytes of its own, and returns them. */
export function intoBytes(): HierarchyOutput<Uint8Array> {
  return (contracted) => {
    const bytes = new Uint8Array(hierarchyArrayOffsets(contracted.counts).end);
    contracted.moveInto(bytes);
    return bytes;
  };
}

/** Contracts `graph` (checked by the caller) in the run's kernel and hands the hierarchy to `output`. */
export function finishContractionRun<T>({ kernel, collector }: ContractionRun, graph: ArcGraph, order: Uint32Array | undefined,
                                        limits: ContractionLimits, output: HierarchyOutput<T>, reusedRanks = order?.length ?? 0): T {
  try {
    const orderAddress = order ? place(kernel, order) : 0;
    const limitsAddress = placeLimits(kernel, limits);
    loadGraph(kernel, graph, orderAddress, reusedRanks);
    const rankAddress = kernelAddress(kernel.contract(limitsAddress));
    const counts = collector.counts();
    const rank = new Uint32Array(kernel.memory.buffer, rankAddress, graph.nodeCount);
    return output({
      counts,
      moveInto: (bytes) => collector.moveInto(bytes, counts, rank),
      writeTo: (sink) => collector.writeTo(sink, counts, rank),
    });
  } finally {
    collector.discard();
  }
}

/** Arcs handed to the kernel at a time: its buffer for them takes 16 bytes an arc. */
const ARC_BATCH = 65536;

function loadGraph(kernel: ContractionExports, graph: ArcGraph, orderAddress: number, reusedRanks: number): void {
  const arcCount = graph.tail.length;
  const batchSize = Math.max(1, Math.min(ARC_BATCH, arcCount));
  const batch = kernelAddress(kernel.startContraction(graph.nodeCount, arcCount, orderAddress, reusedRanks, batchSize));
  for (let first = 0; first < arcCount; first += batchSize) {
    const end = Math.min(first + batchSize, arcCount);
    // Loading grows the memory, which detaches the views of the one before.
    const words = new Uint32Array(kernel.memory.buffer, batch, 4 * batchSize);
    [graph.tail, graph.head, graph.weight, graph.distance].forEach((array, k) => words.set(array.subarray(first, end), k * batchSize));
    kernel.loadArcs(end - first, first);
  }
}

/** How a graph is contracted: what a contraction worker is given (BuildOptions adds what stays with the caller). */
export interface ContractionSettings {
  /**
   * Contract in this order (rank → node: `contractionOrder` of a hierarchy of the same topology under another
   * metric): much faster, no ordering.
   */
  order?: Uint32Array;
  /** How many of `order`'s lowest ranks to keep (all by default); the nodes above them are ordered by priority. */
  reusedRanks?: number;
  limits?: ContractionLimits;
  /**
   * A path prefix where the hierarchy waits on disk while it is made (files `.forward` and `.backward` beside it,
   * removed after, startContractionRun): in memory it would sit beside the contraction's memory and the place it is
   * copied into.
   */
  spillPath?: string;
}

export interface ContractionOptions extends ContractionSettings {
  /** Called with the number of nodes contracted so far, after each. */
  onContracted?: (count: number) => void;
}

/** Contracts the graph and hands the hierarchy to `output`, returning what it returns. */
export function contractGraph<T>(graph: ArcGraph, options: ContractionOptions, output: HierarchyOutput<T>): T {
  const { order, reusedRanks, limits = DEFAULT_CONTRACTION_LIMITS, spillPath, onContracted } = options;
  checkArcGraph(graph);
  if (order && order.length !== graph.nodeCount) throw new RangeError('order must list every node once');
  if (reusedRanks !== undefined && !(Number.isInteger(reusedRanks) && reusedRanks >= 0 && reusedRanks <= graph.nodeCount)) {
    throw new RangeError(`reusedRanks must be a whole number of ranks from 0 to ${graph.nodeCount}, not ${reusedRanks}`);
  }
  const run = startContractionRun(graph.nodeCount, graph.tail.length, spillPath, onContracted);
  return finishContractionRun(run, graph, order, limits, output, reusedRanks);
}

/** Contracts the graph and returns the hierarchy's byte form. */
export function contractToBytes(graph: ArcGraph, options: ContractionOptions = {}): Uint8Array {
  return contractGraph(graph, options, intoBytes());
}
