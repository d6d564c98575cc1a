// Worker thread entry: contracts one graph so that the thread that asked (the HTTP thread) never blocks, and lays
// the hierarchy out in the shared routing memory itself: a byte form handed back would be copied there again.
import { parentPort, workerData } from 'node:worker_threads';
import type { ArcGraph } from './arc-graph.js';
import { contractToBytes, type ContractionLimits } from './contract.js';
import { layOutHierarchy, type Hierarchy } from './hierarchy.js';
import { SharedRegions } from './shared-regions.js';

export interface ContractionJob {
  graph: ArcGraph;
  /** The shared routing memory the hierarchy goes to. */
  memory: WebAssembly.Memory;
  order?: Uint32Array;
  limits?: ContractionLimits;
  spillPath?: string;
}

/** What the worker posts: how many nodes it has contracted, as it goes, then the hierarchy. */
export type ContractionMessage = { contracted: number } | { hierarchy: Hierarchy };

/** Posts of the count at most this many times a run: the thread that asked redraws a progress bar from them. */
const PROGRESS_POSTS = 1000;

const job = workerData as ContractionJob;
const regions = SharedRegions.attach(job.memory);
const post = (message: ContractionMessage) => parentPort!.postMessage(message);
const postEvery = Math.max(1, Math.ceil(job.graph.nodeCount / PROGRESS_POSTS));
let hierarchy: Hierarchy | undefined;
contractToBytes(job.graph, {
  ...(job.order && { order: job.order }), ...(job.limits && { limits: job.limits }), ...(job.spillPath && { spillPath: job.spillPath }),
  onContracted: (count) => {
    if (count % postEvery === 0 || count === job.graph.nodeCount) post({ contracted: count });
  },
  target: (counts) => {
    const laidOut = layOutHierarchy(regions, counts);
    hierarchy = laidOut.hierarchy;
    return laidOut.region;
  },
});
post({ hierarchy: hierarchy! });
