// Hierarchies cached next to the map cache: a restart with a warm cache restores instead of contracting, and a
// hierarchy contracted for its file is stored there. The file format is hierarchy-file-format.ts's.
import { existsSync, fstatSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { matchDigests } from '../common/array-digest.js';
import { readExactly, readExactlyInParallel, withFileOpenUntil } from '../common/file-io.js';
import type { ArcGraph } from './arc-graph.js';
import { buildHierarchyInChain, contractIntoFile, type BuildOptions } from './build-hierarchy.js';
import type { PlacedHierarchy } from './contraction-worker.js';
import { storedKey, writeHierarchyFile, type HierarchyFile } from './hierarchy-file-format.js';
import { HIERARCHY_HEADER_BYTES, hierarchyArrayOffsets, hierarchyCounts, layOutHierarchy, serializeHierarchy, type Hierarchy } from './hierarchy.js';
import { KernelMemoryError } from './kernel-memory-error.js';
import { MemoryChain } from './memory-chain.js';
import type { SharedRegions } from './shared-regions.js';

const MAGIC = 'FRCHFIL3';

/**
 * The hierarchy stored at `path` under `key`, read from the file straight into the first memory of the chain with
 * room for it (no buffer of its size on the way); undefined when the file is absent or for another key. Throws on a
 * file in another format, of the wrong length, that cannot be read whole or whose bytes do not match their digest
 * (their region is then given back).
 */
function restoreHierarchyFile(chain: MemoryChain, path: string, key: string): Promise<PlacedHierarchy | undefined> {
  return withFileOpenUntil(path, async (fd) => {
    const stored = storedKey(fd);
    if (!stored || stored.key !== key) return undefined;
    const header = new Uint8Array(HIERARCHY_HEADER_BYTES);
    readExactly(fd, header, stored.start);
    const counts = hierarchyCounts(header);
    if (stored.start + hierarchyArrayOffsets(counts).end !== fstatSync(fd).size) throw new Error('hierarchy bytes have the wrong length');
    const { memory, placed: { hierarchy, region } } = chain.placeInFirstFitting((regions) => layOutHierarchy(regions, counts));
    let matched = false;
    try {
      await readExactlyInParallel(fd, region, stored.start);
      matched = await matchDigests([{ array: region, digest: stored.digest }]);
    } finally {
      // A read that failed or bytes that do not match leave nothing claimed for the contraction that follows.
      if (!matched) chain.regions[memory]!.giveBack(hierarchy.address, hierarchy.byteOffset - hierarchy.address + hierarchy.byteLength);
    }
    if (!matched) throw new Error('hierarchy bytes do not match their digest');
    return { hierarchy, memory };
  });
}

/** A hierarchy read from its file, or contracted for it. */
export interface CachedHierarchy extends PlacedHierarchy {
  fromFile: boolean;
  /**
   * Writes a contracted hierarchy to its file, once (nothing for one read from it); throws a FileWriteError. Left
   * to the caller: the write and its digest hold the thread for seconds on a large hierarchy, which a thread that
   * others watch for signs of life does once it has handed the hierarchy over (MetricTable).
   */
  store(): void;
}

/**
 * The hierarchy of `graph` from its file when that holds one for its key, else contracted (off this thread), to be
 * stored there; either way in the first memory of `chain` with room for it. A file in an outdated format counts as
 * absent. `options` are asked for only when it contracts: an order to reuse costs a pass over another hierarchy.
 */
export async function cachedHierarchyInChain(
  chain: MemoryChain, graph: ArcGraph, file: HierarchyFile, options: () => BuildOptions = () => ({}),
): Promise<CachedHierarchy> {
  const { path, key } = file;
  try {
    const restored = await restoreHierarchyFile(chain, path, key);
    if (restored) return { ...restored, fromFile: true, store: () => undefined };
  } catch (error) {
    // No memory for it would be no memory for a contraction either.
    if (error instanceof KernelMemoryError) throw error;
    // An older format version or a damaged file: contract again and overwrite it.
  }
  removeLeftovers(path);
  const placed = await buildHierarchyInChain(chain, graph, options());
  let stored = false;
  return {
    ...placed,
    fromFile: false,
    store: () => {
      if (stored) return;
      stored = true;
      writeHierarchyFile(path, key, serializeHierarchy(chain.regions[placed.memory]!, placed.hierarchy));
    },
  };
}

/**
 * Where a hierarchy contracted for the file at `path` waits while it is made (BuildOptions.spillPath). The process
 * and thread ids keep two contractions for one file (two imports of one map) from sharing spill files.
 */
export function spillPathOf(path: string): string {
  return `${path}.${process.pid}.${threadId}.spill`;
}

/**
 * Contracts `graph` into its file, waiting in spill files while it is made and never laid out in memory, for a
 * hierarchy this process does not serve (the metrics an import prepares).
 */
export async function storeContractedHierarchy(graph: ArcGraph, file: HierarchyFile, options: BuildOptions = {}): Promise<void> {
  removeLeftovers(file.path);
  await contractIntoFile(graph, file, { ...options, spillPath: spillPathOf(file.path) });
}

/**
 * cachedHierarchyInChain with one memory, stored at once, for a hierarchy contracted in an order of its own: it
 * waits on disk while it is made (BuildOptions.spillPath).
 */
export async function cachedHierarchy(
  regions: SharedRegions, graph: ArcGraph, path: string, key: string, options?: BuildOptions,
): Promise<Hierarchy> {
  const spilled = (): BuildOptions => ({ spillPath: spillPathOf(path), ...options });
  const cached = await cachedHierarchyInChain(MemoryChain.of([regions]), graph, { path, key }, spilled);
  cached.store();
  return cached.hierarchy;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the spill files and the temporary files that a process killed while contracting or writing this
 * hierarchy left beside it (each named with its process id, a temporary file with its thread's too): at country
 * scale they are gigabytes. Leftovers that cannot be removed (a read-only folder) are left: the contraction does
 * not need their place.
 */
function removeLeftovers(path: string): void {
  const name = basename(path);
  // A folder that is not there holds no leftovers; the hierarchy's write reports it.
  const entries = existsSync(dirname(path)) ? readdirSync(dirname(path)) : [];
  for (const entry of entries) {
    if (!entry.startsWith(`${name}.`)) continue;
    const match = /^(\d+)\.(?:\d+\.)?(?:spill\.forward|spill\.backward|tmp)$/.exec(entry.slice(name.length + 1));
    if (match && !processAlive(Number(match[1]))) removeIfAllowed(join(dirname(path), entry));
  }
}

function removeIfAllowed(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // Not ours to remove (a read-only folder): left as it is.
  }
}
