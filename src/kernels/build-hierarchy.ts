// Contraction off the calling thread: a worker contracts in its own memory and lays the result out in the
// shared memory every routing worker reads, or writes it to its cache file for a hierarchy this process does not
// serve.
import { Worker } from 'node:worker_threads';
import type { ArcGraph } from './arc-graph.js';
import type { ContractionJob, ContractionMessage, PlacedHierarchy } from './contraction-worker.js';
import type { HierarchyFile } from './hierarchy-file-format.js';
import { checkArcGraph, type ContractionSettings } from './contract.js';
import type { Hierarchy } from './hierarchy.js';
import { MemoryChain } from './memory-chain.js';
import type { SharedRegions } from './shared-regions.js';

export interface BuildOptions extends ContractionSettings {
  /** Called as the contraction goes with the share of the graph's nodes contracted, in [0, 1]. */
  onProgress?: (fraction: number) => void;
}

function contractInWorker(job: ContractionJob, onProgress?: (fraction: number) => void): Promise<PlacedHierarchy | undefined> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./contraction-worker.js', import.meta.url), { workerData: job });
    worker.on('message', (message: ContractionMessage) => {
      if ('placed' in message) resolve(message.placed);
      else onProgress?.(message.contracted / job.graph.nodeCount);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`contraction worker exited with code ${code}`));
    });
  });
}

/** The job for `graph`: only its arc arrays travel to the worker, whatever else the caller's graph object carries. */
function jobOf(graph: ArcGraph, options: BuildOptions): ContractionJob {
  checkArcGraph(graph);
  const { nodeCount, tail, head, weight, distance } = graph;
  const { onProgress: _onProgress, ...settings } = options;
  return { graph: { nodeCount, tail, head, weight, distance }, memories: [], settings };
}

/**
 * Contracts `graph` in a worker thread and lays the hierarchy out in the first memory of `chain` with room for it
 */
export async function buildHierarchyInChain(chain: MemoryChain, graph: ArcGraph, options: BuildOptions = {}): Promise<PlacedHierarchy> {
  return (await contractInWorker({ ...jobOf(graph, options), memories: chain.memories }, options.onProgress))!;
}

/**
 * Contracts `graph` in a worker thread into its cache file, by way of spill files at `options.spillPath`: nothing of
 * the hierarchy's size is held in memory on the way, as an import needs for the metrics it prepares and does not
 * serve.
 */
export async function contractIntoFile(graph: ArcGraph, file: HierarchyFile, options: BuildOptions & { spillPath: string }): Promise<void> {
  await contractInWorker({ ...jobOf(graph, options), file }, options.onProgress);
}

/** Contracts `graph` in a worker thread and places the hierarchy in the shared memory. */
export async function buildHierarchy(regions: SharedRegions, graph: ArcGraph, options: BuildOptions = {}): Promise<Hierarchy> {
  return (await buildHierarchyInChain(MemoryChain.of([regions]), graph, options)).hierarchy;
}
