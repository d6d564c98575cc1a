/**
 * Content digests of the typed arrays in cache files. A start checks every array it reads against the digest the
 * file's header gives, so that a damaged file is rebuilt instead of served; and the profiles of a map store many
 * arrays alike (coordinates, topology, names, most of the turn graph), each in its own files: a reader that finds
 * in a header the digest of an array another profile already holds takes that array instead of reading the copy
 * (docs/scale.md, Starting from the cache).
 *
 * An array's digest is the hash of the hashes of its parts of DIGEST_PART_BYTES (part-hash.ts), so that the parts
 * of one large array hash on several threads at once.
 */
import { sharedPartDigest } from './digest-pool.js';
import { hashOfParts, partHash } from './part-hash.js';

export const DIGEST_PART_BYTES = 32 * 2 ** 20;

/** The digests of arrays written to a file or read from one and checked, so that they are never computed again. */
const known = new WeakMap<ArrayBufferView, string>();

function bytesOf(array: ArrayBufferView): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

function partsOf(bytes: Uint8Array): Uint8Array[] {
  const parts: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; start += DIGEST_PART_BYTES) parts.push(bytes.subarray(start, start + DIGEST_PART_BYTES));
  return parts;
}

/** The array's digest. */
export function arrayDigest(array: ArrayBufferView): string {
  let digest = known.get(array);
  if (digest === undefined) {
    digest = hashOfParts(partsOf(bytesOf(array)).map(partHash));
    known.set(array, digest);
  }
  return digest;
}

function partDigestOffThread(part: Uint8Array): Promise<Uint8Array> | Uint8Array {
  if (!(part.buffer instanceof SharedArrayBuffer)) return partHash(part);
  // A pool thread that cannot start (memory, thread limits) makes the check slower, never the start fail.
  return sharedPartDigest(part).catch(() => partHash(part));
}

/** An array read from a file, and the digest the file's header gives for it. */
export interface StoredArray {
  array: ArrayBufferView;
  digest: string;
}

/**
 * Whether every array has the digest given for it, its parts hashed on the digest pool's threads (arrays on shared
 * memory) or here. The digests of arrays that match are remembered.
 */
export async function matchDigests(stored: readonly StoredArray[]): Promise<boolean> {
  const digests = await Promise.all(stored.map(async ({ array }) =>
    hashOfParts(await Promise.all(partsOf(bytesOf(array)).map(partDigestOffThread)))));
  if (digests.some((digest, i) => digest !== stored[i]!.digest)) return false;
  for (const { array, digest } of stored) known.set(array, digest);
  return true;
}

/**
 * Whether `candidate` (an array a reader already holds) can stand for the stored array of this type, length and
 * digest.
 */
export function holdsStored(candidate: ArrayBufferView | undefined, type: string, length: number, digest: string | undefined): boolean {
  if (!candidate || digest === undefined || candidate.constructor.name !== type) return false;
  return (candidate as unknown as { length: number }).length === length && arrayDigest(candidate) === digest;
}
