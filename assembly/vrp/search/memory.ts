// Typed access to the search's flat arrays. Every array is allocated once per problem (searchInit), never
// per move; the host resets the arena before the next problem.

@inline export function geti(array: usize, index: i32): i32 {
  return load<i32>(array + (<usize>index << 2));
}

@inline export function seti(array: usize, index: i32, value: i32): void {
  store<i32>(array + (<usize>index << 2), value);
}

@inline export function getf(array: usize, index: i32): f64 {
  return load<f64>(array + (<usize>index << 3));
}

@inline export function setf(array: usize, index: i32, value: f64): void {
  store<f64>(array + (<usize>index << 3), value);
}

export function allocI32(count: i32): usize {
  const bytes = <usize>max(count, 1) << 2;
  const array = __alloc(bytes);
  memory.fill(array, 0, bytes);
  return array;
}

export function allocF64(count: i32): usize {
  const bytes = <usize>max(count, 1) << 3;
  const array = __alloc(bytes);
  memory.fill(array, 0, bytes);
  return array;
}
