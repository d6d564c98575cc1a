// Hierarchies on disk, next to the map cache: a restart with a warm cache restores instead of contracting.
// File: "FRCHFILE", u32 key length, the key (UTF-8: map cache key + metric), then the hierarchy byte form.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { ArcGraph } from './arc-graph.js';
import { buildHierarchy, type BuildOptions } from './build-hierarchy.js';
import { restoreHierarchy, serializeHierarchy, type Hierarchy } from './hierarchy.js';
import type { SharedRegions } from './shared-regions.js';

const MAGIC = 'FRCHFILE';

/** The hierarchy bytes stored under `key`, or undefined when the file is absent or for another key. */
export function readHierarchyFile(path: string, key: string): Uint8Array | undefined {
  if (!existsSync(path)) return undefined;
  const file = readFileSync(path);
  if (file.length < 12 || file.toString('latin1', 0, 8) !== MAGIC) return undefined;
  const keyLength = file.readUInt32LE(8);
  if (file.toString('utf8', 12, 12 + keyLength) !== key) return undefined;
  return new Uint8Array(file.buffer, file.byteOffset + 12 + keyLength, file.length - 12 - keyLength);
}

/** Writes under a temporary name and renames, so a crash never leaves a torn file. */
export function writeHierarchyFile(path: string, key: string, bytes: Uint8Array): void {
  const head = Buffer.alloc(12);
  head.write(MAGIC, 0, 'latin1');
  const keyBytes = Buffer.from(key, 'utf8');
  head.writeUInt32LE(keyBytes.length, 8);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, Buffer.concat([head, keyBytes, bytes]));
  renameSync(temporary, path);
}

/**
 * The hierarchy of `graph` from `path` when it holds one for `key`, else contracted (off this thread),
 * stored there and returned. A file in an outdated format counts as absent.
 */
export async function cachedHierarchy(
  regions: SharedRegions, graph: ArcGraph, path: string, key: string, options?: BuildOptions,
): Promise<Hierarchy> {
  const bytes = readHierarchyFile(path, key);
  if (bytes) {
    try {
      return restoreHierarchy(regions, bytes);
    } catch {
      // An older format version or a damaged file: contract again and overwrite it.
    }
  }
  const hierarchy = await buildHierarchy(regions, graph, options);
  writeHierarchyFile(path, key, serializeHierarchy(regions, hierarchy));
  return hierarchy;
}
