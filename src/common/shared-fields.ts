/**
 * One copy of what two records of typed arrays hold alike: the profiles of a map read most of their road graph
 * and turn graph from the same ways (coordinates, topology, names), and each kept its own copy of every array.
 */

/** Whether two views hold the same bytes. */
export function sameBytes(a: ArrayBufferView, b: ArrayBufferView): boolean {
  if (a.byteLength !== b.byteLength || a.constructor !== b.constructor) return false;
  return Buffer.compare(Buffer.from(a.buffer, a.byteOffset, a.byteLength), Buffer.from(b.buffer, b.byteOffset, b.byteLength)) === 0;
}

/** Keeps every view 8-byte aligned in the shared buffer (Float64Array needs it). */
const ALIGN = 8;

type Ctor = new (buffer: SharedArrayBuffer, offset: number, length: number) => ArrayBufferView;

/**
 * `target` with each typed array that holds the same bytes as `reference`'s field of that name replaced by the
 * reference's own, and the others copied into one SharedArrayBuffer of their own (so the buffer `target` was
 * read into is no longer held); other fields as they are.
 */
export function shareFieldsAlike<T extends object>(reference: T, target: T): T {
  const shared = { ...target } as Record<string, unknown>;
  const own: [string, ArrayBufferView][] = [];
  for (const [field, value] of Object.entries(target)) {
    if (!ArrayBuffer.isView(value)) continue;
    const alike = (reference as Record<string, unknown>)[field];
    if (ArrayBuffer.isView(alike) && sameBytes(alike, value)) shared[field] = alike;
    else own.push([field, value]);
  }
  const size = own.reduce((sum, [, view]) => sum + Math.ceil(view.byteLength / ALIGN) * ALIGN, 0);
  const buffer = new SharedArrayBuffer(size);
  let offset = 0;
  for (const [field, view] of own) {
    new Uint8Array(buffer, offset, view.byteLength).set(new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
    const elementSize = (view as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT;
    shared[field] = new (view.constructor as Ctor)(buffer, offset, view.byteLength / elementSize);
    offset += Math.ceil(view.byteLength / ALIGN) * ALIGN;
  }
  return shared as T;
}

/** Bytes of the typed arrays of `record`, but for the very arrays `sharedWith` holds (counted there). */
export function ownBytes(record: object, sharedWith?: object): number {
  let bytes = 0;
  for (const [field, value] of Object.entries(record)) {
    if (ArrayBuffer.isView(value) && (sharedWith as Record<string, unknown> | undefined)?.[field] !== value) bytes += value.byteLength;
  }
  return bytes;
}
