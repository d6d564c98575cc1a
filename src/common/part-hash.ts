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

/** Who is hashing a part in pieces in this thread: the last to start one. */
let piecewiseOwner: object | undefined;

/**
 * partHash of a part that comes in pieces, without the part ever lying whole in memory: `start`, `add` each piece
 * in order, `end`, each with the same owner. One part at a time in a thread: a part started takes the hasher from
 * one left unended (whose writer failed), and that one's owner is refused after, as its pieces would mix into the
 * new part's hash.
 */
export const piecewisePartHash = {
  start(owner: object): void {
    piecewiseOwner = owner;
    piecewise.init();
  },
  add(owner: object, piece: Uint8Array): void {
    if (owner !== piecewiseOwner) throw new Error('another part is being hashed in pieces in this thread');
    piecewise.update(piece);
  },
  end(owner: object): Uint8Array {
    if (owner !== piecewiseOwner) throw new Error('another part is being hashed in pieces in this thread');
    piecewiseOwner = undefined;
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
