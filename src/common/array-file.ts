/**
 * Typed arrays and a description in a file laid out as packArrays lays out a block, with each array's digest,
 * written array by array and read back with every array in a SharedArrayBuffer of its own, read there straight
 * from the file and checked against its digest: no element is decoded, nothing is copied, and an array another
 * structure already holds alike is not read at all.
 */
import { fstatSync } from 'node:fs';
import { arrayDigest, holdsStored, matchDigests, type StoredArray } from './array-digest.js';
import { FileCutShortError, readExactly, readRangesInParallel, withFileOpenUntil, writeExactly, writeFileAtomically, type FileRange } from './file-io.js';
import { arrayBytes, arrayType, packedLayout, PackedArraysError, readPackedHead, type PackedArray } from './packed-arrays.js';

/** Writes the arrays with their digests in the header, under a temporary name renamed after (writeFileAtomically). */
export function writeArrayFile<M>(path: string, description: M, arrays: Record<string, PackedArray>): void {
  const digests = Object.fromEntries(Object.entries(arrays).map(([name, array]) => [name, arrayDigest(array)]));
  const layout = packedLayout(description, arrays, digests);
  writeFileAtomically(path, (fd) => {
    writeExactly(fd, layout.head, 0);
    Object.values(arrays).forEach((array, i) => writeExactly(fd, arrayBytes(array), layout.head.length + layout.offsets[i]!));
  });
}

function readHead<M>(fd: number): ReturnType<typeof readPackedHead<M>> {
  const first = new Uint8Array(12);
  readExactly(fd, first, 0);
  const head = readPackedHead<M>(first);
  if ('header' in head) return head;
  const whole = new Uint8Array(head.headLength);
  readExactly(fd, whole, 0);
  return readPackedHead<M>(whole);
}

/**
 * The description and the arrays of a file written by writeArrayFile, each array on a SharedArrayBuffer of its
 * own, or `alike`'s array of the same name where that holds the same bytes (by the file's digest); undefined when
 * the file is absent, damaged, or holds an array whose bytes do not match its digest (a cache then counts it as
 * missing).
 */
export async function readArrayFile<M>(path: string, alike: Readonly<Record<string, PackedArray>> = {}):
Promise<{ description: M; arrays: Record<string, PackedArray> } | undefined> {
  return withFileOpenUntil(path, async (fd) => {
    try {
      return await readArrays<M>(fd, alike);
    } catch (error) {
      if (error instanceof PackedArraysError || error instanceof FileCutShortError) return undefined;
      throw error;
    }
  });
}

async function readArrays<M>(fd: number, alike: Readonly<Record<string, PackedArray>>):
Promise<{ description: M; arrays: Record<string, PackedArray> } | undefined> {
  const head = readHead<M>(fd);
  if (!('header' in head)) return undefined;
  const size = fstatSync(fd).size;
  const arrays: Record<string, PackedArray> = {};
  const reads: FileRange[] = [];
  const read: StoredArray[] = [];
  for (const { name, type, offset, length, digest } of head.header.arrays) {
    const Type = arrayType(type);
    const position = head.dataStart + offset;
    if (!Type || digest === undefined || position + length * Type.BYTES_PER_ELEMENT > size) return undefined;
    const held = alike[name];
    if (holdsStored(held, type, length, digest)) {
      arrays[name] = held!;
      continue;
    }
    const array = new Type(new SharedArrayBuffer(length * Type.BYTES_PER_ELEMENT) as unknown as ArrayBuffer);
    reads.push({ bytes: arrayBytes(array), position });
    read.push({ array, digest });
    arrays[name] = array;
  }
  await readRangesInParallel(fd, reads);
  if (!(await matchDigests(read))) return undefined;
  return { description: head.header.description, arrays };
}
