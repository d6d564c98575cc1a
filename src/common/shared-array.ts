type TypedArray = Float64Array | Float32Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;

/** A copy of `array` on a SharedArrayBuffer, so that posting it to a worker shares it instead of copying it. */
export function sharedCopy<T extends TypedArray>(array: T): T {
  const bytes = new Uint8Array(new SharedArrayBuffer(array.byteLength));
  bytes.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
  const Ctor = array.constructor as new (buffer: SharedArrayBuffer, offset: number, length: number) => T;
  return new Ctor(bytes.buffer as SharedArrayBuffer, 0, array.length);
}
