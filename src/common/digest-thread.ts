/** A worker thread of the digest pool (digest-pool.ts): the hash of one part of a shared buffer. */
import { partHash } from './part-hash.js';

export interface DigestPart {
  buffer: SharedArrayBuffer;
  byteOffset: number;
  byteLength: number;
}

export default function partDigest({ buffer, byteOffset, byteLength }: DigestPart): Uint8Array {
  return partHash(new Uint8Array(buffer, byteOffset, byteLength));
}
