/**
 * Content digests of the typed arrays in cache files. The profiles of a map store many arrays alike (coordinates,
 * topology, names, most of the turn graph), each in its own files; a reader that finds in a file's header the
 * digest of an array another profile already holds takes that array instead of reading the copy
 * (docs/scale.md, Starting from the cache).
 */
import { createHash } from 'node:crypto';

/** The digests of arrays read from or written to a file, so that they are never computed again. */
const known = new WeakMap<ArrayBufferView, string>();

function computedDigest(array: ArrayBufferView): string {
  return createHash('sha256').update(new Uint8Array(array.buffer, array.byteOffset, array.byteLength)).digest('base64url');
}

/** The SHA-256 of the array's bytes. */
export function arrayDigest(array: ArrayBufferView): string {
  let digest = known.get(array);
  if (digest === undefined) {
    digest = computedDigest(array);
    known.set(array, digest);
  }
  return digest;
}

/** Records the digest a file's header gives for an array read from it. */
export function rememberDigest(array: ArrayBufferView, digest: string): void {
  known.set(array, digest);
}

/**
 * Whether `candidate` (an array a reader already holds) can stand for the stored array of this type, length and
 * digest.
 */
export function holdsStored(candidate: ArrayBufferView | undefined, type: string, length: number, digest: string | undefined): boolean {
  if (!candidate || digest === undefined || candidate.constructor.name !== type) return false;
  return (candidate as unknown as { length: number }).length === length && arrayDigest(candidate) === digest;
}
