/** One typed array of every type a packed block holds, an empty one and extreme values among them. */
export const sampleTypedArrays = () => ({
  latitudes: Float64Array.of(47.1, -33.9, 0.5),
  flags: Uint8Array.of(1, 0, 1),
  heads: Uint32Array.of(7, 0xffffffff),
  none: new Int32Array(0),
  limits: Float32Array.of(3.5),
});
