/**
 * A Node Buffer over the same memory as `bytes`, not a copy: Fastify sends a Buffer as it is (a plain Uint8Array
 * it would serialize as JSON), and ioredis writes a Buffer as a binary value.
 */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
