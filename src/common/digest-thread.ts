/** A worker thread of the digest pool (digest-pool.ts): the SHA-256 of one part of a shared buffer. */
import { createHash } from 'node:crypto';

export interface DigestPart {
  buffer: SharedArrayBuffer;
  byteOffset: number;
  byteLength: number;
}

export default function partDigest({ buffer, byteOffset, byteLength }: DigestPart): Uint8Array {
  return createHash('sha256').update(new Uint8Array(buffer, byteOffset, byteLength)).digest();
}
