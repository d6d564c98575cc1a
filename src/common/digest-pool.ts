/**
 * Hashing on threads of their own, so that checking what a start has just read takes both cores instead of one.
 * The threads exist only while there is hashing to do: a served process keeps none.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { DigestPart } from './digest-thread.js';

const threadFile = new URL('./digest-thread.js', import.meta.url).href;

let pool: Piscina | undefined;

function digestPool(): Piscina {
  pool ??= new Piscina({ filename: threadFile, minThreads: 0, maxThreads: Math.min(2, availableParallelism()), idleTimeout: 200 });
  return pool;
}

/** The hash of the bytes (part-hash.ts), computed on a pool thread; the bytes are shared with it, never copied. */
export async function sharedPartDigest(bytes: Uint8Array): Promise<Uint8Array> {
  const part: DigestPart = { buffer: bytes.buffer as SharedArrayBuffer, byteOffset: bytes.byteOffset, byteLength: bytes.byteLength };
  return digestPool().run(part) as Promise<Uint8Array>;
}
