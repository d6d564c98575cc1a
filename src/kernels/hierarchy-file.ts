// Hierarchies on disk, next to the map cache: a restart with a warm cache restores instead of contracting.
// File: "FRCHFIL3", u32 key length, the key (UTF-8: map cache key + metric), the byte form's digest (array-digest.ts,
// base64url), then the hierarchy byte form.
import { existsSync, fstatSync, readdirSync, readSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { arrayDigest, matchDigests } from '../common/array-digest.js';
import { DigestingFileWriter, type ByteSink } from '../common/digesting-file-writer.js';
import { DIGEST_CHARS } from '../common/part-hash.js';
import { readExactly, readExactlyInParallel, withFileOpen, withFileOpenUntil, writeExactly, writeFileAtomically } from '../common/file-io.js';
import type { ArcGraph } from './arc-graph.js';
import { buildHierarchyInChain, contractIntoFile, type BuildOptions } from './build-hierarchy.js';
import type { PlacedHierarchy } from './contraction-worker.js';
import {
  HIERARCHY_HEADER_BYTES, hierarchyArrayOffsets, hierarchyCounts, layOutHierarchy, serializeHierarchy, type Hierarchy,
} from './hierarchy.js';
import { KernelMemoryError } from './kernel-memory-error.js';
import { MemoryChain } from './memory-chain.js';
import type { SharedRegions } from './shared-regions.js';

const MAGIC = 'FRCHFIL3';

/**
 * Writes under a temporary name and renames (writeFileAtomically). `bytes` is written as it is (a view of the
 * routing memory, for a hierarchy just contracted): no copy of a hierarchy's size on the way.
 */
export function writeHierarchyFile(path: string, key: string, bytes: Uint8Array): void {
  writeHierarchyFileInPieces(path, key, bytes.byteLength, (sink) => sink.put(bytes));
}

/**
 * writeHierarchyFile for a byte form of `byteLength` that `write` hands to its sink in pieces, in order (a
 * hierarchy that goes from its spill files to its file: HierarchyCollector.writeTo).
 */
export function writeHierarchyFileInPieces(path: string, key: string, byteLength: number, write: (sink: ByteSink) => void): void {
  const keyBytes = Buffer.from(key, 'utf8');
  const head = Buffer.alloc(12);
  head.write(MAGIC, 0, 'latin1');
  head.writeUInt32LE(keyBytes.length, 8);
  const digestAt = head.length + keyBytes.length;
  writeFileAtomically(path, (fd) => {
    writeExactly(fd, head, 0);
    writeExactly(fd, keyBytes, head.length);
    const writer = new DigestingFileWriter(fd, digestAt + DIGEST_CHARS, byteLength);
    write(writer);
    writeExactly(fd, Buffer.from(writer.finish(), 'latin1'), digestAt);
  });
}

/**
 * The stored key, the byte form's digest and where the byte form starts, or undefined when the file is no hierarchy
 * file of this format.
 */
function storedKey(fd: number): { key: string; digest: string; start: number } | undefined {
  const head = Buffer.alloc(12);
  if (readSync(fd, head, 0, 12, 0) < 12 || head.toString('latin1', 0, 8) !== MAGIC) return undefined;
  const keyLength = head.readUInt32LE(8);
  if (12 + keyLength + DIGEST_CHARS > fstatSync(fd).size) return undefined;
  const keyBytes = Buffer.alloc(keyLength + DIGEST_CHARS);
  readExactly(fd, keyBytes, 12);
  return { key: keyBytes.toString('utf8', 0, keyLength), digest: keyBytes.toString('latin1', keyLength), start: 12 + keyBytes.length };
}

/**
 * The hierarchy bytes stored under `key`, or undefined when the file is absent, for another key, or its bytes do
 * not match their digest.
 */
export function readHierarchyFile(path: string, key: string): Uint8Array | undefined {
  return withFileOpen(path, (fd) => {
    const stored = storedKey(fd);
    if (!stored || stored.key !== key) return undefined;
    const bytes = new Uint8Array(fstatSync(fd).size - stored.start);
    readExactly(fd, bytes, stored.start);
    return arrayDigest(bytes) === stored.digest ? bytes : undefined;
  });
}

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

/** Where a hierarchy is cached: its file and the key that says what it is the hierarchy of. */
export interface HierarchyFile {
  path: string;
  key: string;
}

/**
 * Whether the file is there, stored under its key and as long as its header says: its bytes are checked when it is
 * read, not here.
 */
export function hierarchyFileHolds(file: HierarchyFile): boolean {
  return withFileOpen(file.path, (fd) => {
    const stored = storedKey(fd);
    if (stored?.key !== file.key) return false;
    const header = new Uint8Array(HIERARCHY_HEADER_BYTES);
    if (readSync(fd, header, 0, header.length, stored.start) < header.length) return false;
    return stored.start + hierarchyArrayOffsets(hierarchyCounts(header)).end === fstatSync(fd).size;
  }) ?? false;
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
