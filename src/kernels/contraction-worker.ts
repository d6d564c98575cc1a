// Worker thread entry: contracts one graph so that the thread that asked (the HTTP thread) never blocks, and lays
// the hierarchy out in the shared routing memory itself: a byte form handed back would be copied there again.
import { parentPort, workerData } from 'node:worker_threads';
import type { ArcGraph } from './arc-graph.js';
import { contractToBytes, type ContractionLimits } from './contract.js';
import { layOutHierarchy, type Hierarchy } from './hierarchy.js';
import { MemoryChain } from './memory-chain.js';

export interface ContractionJob {
  graph: ArcGraph;
  /** The shared routing memories the hierarchy may go to: the first with room for it takes it. */
  memories: WebAssembly.Memory[];
  order?: Uint32Array;
  limits?: ContractionLimits;
  spillPath?: string;
}

/** A hierarchy and the memory of the chain it was laid out in, by its place there (0: the first). */
export interface PlacedHierarchy {
  hierarchy: Hierarchy;
  memory: number;
}

/** What the worker posts: how many nodes it has contracted, as it goes, then the hierarchy. */
export type ContractionMessage = { contracted: number } | { placed: PlacedHierarchy };

/** Posts of the count at most this many times a run: the thread that asked redraws a progress bar from them. */
const PROGRESS_POSTS = 1000;

const job = workerData as ContractionJob;
const chain = MemoryChain.attach(job.memories);
const post = (message: ContractionMessage) => parentPort!.postMessage(message);
const postEvery = Math.max(1, Math.ceil(job.graph.nodeCount / PROGRESS_POSTS));
let placed: PlacedHierarchy | undefined;
contractToBytes(job.graph, {
  ...(job.order && { order: job.order }), ...(job.limits && { limits: job.limits }), ...(job.spillPath && { spillPath: job.spillPath }),
  onContracted: (count) => {
    if (count % postEvery === 0 || count === job.graph.nodeCount) post({ contracted: count });
  },
  target: (counts) => {
    const { memory, placed: laidOut } = chain.placeInFirstFitting((regions) => layOutHierarchy(regions, counts));
    placed = { hierarchy: laidOut.hierarchy, memory };
    return laidOut.region;
  },
});
post({ placed: placed! });
