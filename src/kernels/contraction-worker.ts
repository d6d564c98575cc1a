// Worker thread entry: contracts one graph so that the thread that asked (the HTTP thread) never blocks.
import { parentPort, workerData } from 'node:worker_threads';
import type { ArcGraph } from './arc-graph.js';
import { contractToBytes, type ContractionLimits } from './contract.js';

export interface ContractionJob {
  graph: ArcGraph;
  order?: Uint32Array;
  limits?: ContractionLimits;
}

const job = workerData as ContractionJob;
const bytes = contractToBytes(job.graph, job.order, job.limits);
parentPort!.postMessage(bytes, [bytes.buffer as ArrayBuffer]);
