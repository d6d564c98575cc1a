/**
 * The contracted hierarchy of a map's default metric, cached beside the map's graph cache (same stem,
 * `.ch` suffix) under the graph's cache key, so a warm start restores it instead of contracting again.
 * The kernels' byte form already carries its own magic and format version; this file only adds the key.
 */
import { closeSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';

const MAGIC = 'FRCHKEY\0';

export function hierarchyCachePath(graphCachePath: string): string {
  return `${graphCachePath.replace(/\.fmap$/, '')}.ch`;
}

/** The cached byte form, or undefined when absent, for another key, or truncated. */
export function readHierarchyCache(path: string, key: string): Uint8Array | undefined {
  let file: Buffer;
  try {
    file = readFileSync(path);
  } catch {
    return undefined;
  }
  if (file.length < 12 || file.toString('latin1', 0, 8) !== MAGIC) return undefined;
  const keyLength = file.readUInt32LE(8);
  if (12 + keyLength > file.length || file.toString('utf8', 12, 12 + keyLength) !== key) return undefined;
  return new Uint8Array(file.buffer, file.byteOffset + 12 + keyLength, file.length - 12 - keyLength);
}

/** Written to a temporary name and renamed, so a crash never leaves a torn file. */
export function writeHierarchyCache(path: string, key: string, bytes: Uint8Array): void {
  const head = Buffer.alloc(12 + Buffer.byteLength(key));
  head.write(MAGIC, 0, 'latin1');
  head.writeUInt32LE(Buffer.byteLength(key), 8);
  head.write(key, 12, 'utf8');
  const tmp = `${path}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, head);
    writeSync(fd, bytes);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}
