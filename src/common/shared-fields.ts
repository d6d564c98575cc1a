/**
 * Comparing and counting the typed arrays two records hold alike: the profiles of a map read most of their road
 * graph and turn graph from the same ways (coordinates, topology, names) and serve one copy of those
 * (array-digest.ts), counted once.
 */

/** Whether two views hold the same bytes. */
export function sameBytes(a: ArrayBufferView, b: ArrayBufferView): boolean {
  if (a.byteLength !== b.byteLength || a.constructor !== b.constructor) return false;
  return Buffer.compare(Buffer.from(a.buffer, a.byteOffset, a.byteLength), Buffer.from(b.buffer, b.byteOffset, b.byteLength)) === 0;
}

/** Bytes of the typed arrays of `record`, but for the very arrays `sharedWith` holds (counted there). */
export function ownBytes(record: object, sharedWith?: object): number {
  let bytes = 0;
  for (const [field, value] of Object.entries(record)) {
    if (ArrayBuffer.isView(value) && (sharedWith as Record<string, unknown> | undefined)?.[field] !== value) bytes += value.byteLength;
  }
  return bytes;
}
