// Worker thread entry: contracts one graph so that the thread that asked (the HTTP thread) never blocks, and lays
// the hierarchy out in the shared routing memory itself (a byte form handed back would be copied there again), or
// writes it to its cache file from its spill files when it is not to be served from this process.
import { parentPort, workerData } from 'node:worker_threads';
import type { ArcGraph } from './arc-graph.js';
import { contractGraph, type ContractedHierarchy, type ContractionSettings, type HierarchyOutput } from './contract.js';
import { writeHierarchyFileInPieces, type HierarchyFile } from './hierarchy-file-format.js';
import { hierarchyArrayOffsets, layOutHierarchy, type Hierarchy } from './hierarchy.js';
import { MemoryChain } from './memory-chain.js';

export interface ContractionJob {
  graph: ArcGraph;
  /** The shared routing memories the hierarchy may go to: the first with room for it takes it. */
  memories: WebAssembly.Memory[];
  /** Instead of the memories, the file the hierarchy goes to, from its spill files (spillPath is then required). */
  file?: HierarchyFile;
  settings: ContractionSettings;
}

/** A hierarchy and the memory of the chain it was laid out in, by its place there (0: the first). */
export interface PlacedHierarchy {
  hierarchy: Hierarchy;
  memory: number;
}

/** What the worker posts: how many nodes it has contracted, as it goes, then the hierarchy (none when it went to its file). */
export type ContractionMessage = { contracted: number } | { placed: PlacedHierarchy | undefined };

/** Posts of the count at most this many times a run: the thread that asked redraws a progress bar from them. */
const PROGRESS_POSTS = 1000;

const job = workerData as ContractionJob;
// Checked before the contraction, which would otherwise fail only at its end.
if (job.file && !job.settings.spillPath) throw new Error('a hierarchy contracted into its file waits in spill files first');
const post = (message: ContractionMessage) => parentPort!.postMessage(message);
const postEvery = Math.max(1, Math.ceil(job.graph.nodeCount / PROGRESS_POSTS));

function placedInChain(contracted: ContractedHierarchy): PlacedHierarchy {
  const chain = MemoryChain.attach(job.memories);
  const { memory, placed: { hierarchy, region } } = chain.placeInFirstFitting((regions) => layOutHierarchy(regions, contracted.counts));
  contracted.moveInto(region);
  return { hierarchy, memory };
}

function storedInFile({ path, key }: HierarchyFile): HierarchyOutput<undefined> {
  return (contracted) => {
    writeHierarchyFileInPieces(path, key, hierarchyArrayOffsets(contracted.counts).end, (sink) => contracted.writeTo(sink));
    return undefined;
  };
}

const placed = contractGraph(job.graph, {
  ...job.settings,
  onContracted: (count) => {
    if (count % postEvery === 0 || count === job.graph.nodeCount) post({ contracted: count });
  },
}, job.file ? storedInFile(job.file) : placedInChain);
post({ placed });
