// Hierarchy files: the format of a hierarchy cached next to the map cache, written whole or in pieces, and read
// back. File: "FRCHFIL3", u32 key length, the key (UTF-8: map cache key + metric), the byte form's digest
// (array-digest.ts, base64url), then the hierarchy byte form. Caching them (when to read, contract, store) is
// hierarchy-file.ts's.
import { fstatSync, readSync } from 'node:fs';
import { arrayDigest } from '../common/array-digest.js';
import { DigestingFileWriter, type ByteSink } from '../common/digesting-file-writer.js';
import { DIGEST_CHARS } from '../common/part-hash.js';
import { readExactly, withFileOpen, writeExactly, writeFileAtomically } from '../common/file-io.js';
import { HIERARCHY_HEADER_BYTES, hierarchyArrayOffsets, hierarchyCounts } from './hierarchy.js';

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
export function storedKey(fd: number): { key: string; digest: string; start: number } | undefined {
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
