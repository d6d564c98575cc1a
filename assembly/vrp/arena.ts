// The host lays its arrays out through these, never at __heap_base behind the allocator's back (the runtime
// allocator starts there too). The stub runtime only bumps, so the host resets the arena before each new problem.
export function allocate(bytes: usize): usize {
  return __alloc(bytes);
}

export function resetArena(): void {
  __reset();
}
