// Raw access to arrays the host laid out in linear memory: kernels never allocate, they are given addresses.

/** Marks "no node / no arc / no seed" in u32 arrays. */
export const NONE: u32 = 0xffffffff;
/** Weight of a label not reached yet; the host fills fresh label arrays with 0xff bytes. */
export const UNREACHED: u32 = 0xffffffff;

@inline export function getU32(array: usize, index: u32): u32 {
  return load<u32>(array + (<usize>index << 2));
}

@inline export function setU32(array: usize, index: u32, value: u32): void {
  store<u32>(array + (<usize>index << 2), value);
}
