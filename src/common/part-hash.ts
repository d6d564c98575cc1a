/**
 * The hash behind the cache files' digests (array-digest.ts): XXH128, non-cryptographic, which is all a check
 * against damaged files and a test for arrays held alike needs, and about 3.5 times as fast as SHA-256 with the
 * CPU's SHA extensions (docs/scale.md, Starting from the cache): a start hashes every byte it reads.
 */
import { createXXHash128 } from 'hash-wasm';

const hasher = await createXXHash128();

/** The hash of the bytes, which may lie on a SharedArrayBuffer. */
export function partHash(bytes: Uint8Array): Uint8Array {
  hasher.init();
  hasher.update(bytes);
  return hasher.digest('binary');
}

const piecewise = await createXXHash128();

/**
 * partHash of a part that comes in pieces, without the part ever lying whole in memory: `start`, `add` each piece
 * in order, `end`. One part at a time in a thread (the calls are synchronous, so no other part can come between).
 */
export const piecewisePartHash = {
  start(): void {
    piecewise.init();
  },
  add(piece: Uint8Array): void {
    piecewise.update(piece);
  },
  end(): Uint8Array {
    return piecewise.digest('binary');
  },
};

/** The hash of the parts' hashes, in base64url: an array's digest. */
export function hashOfParts(partHashes: readonly Uint8Array[]): string {
  hasher.init();
  for (const part of partHashes) hasher.update(part);
  return Buffer.from(hasher.digest('binary')).toString('base64url');
}

/** The length of a digest made by hashOfParts. */
export const DIGEST_CHARS = 22;
