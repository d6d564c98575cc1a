// The host lays its arrays out through these (STACK.md pitfall 17: never at __heap_base behind the
// allocator's back). The stub runtime only bumps, so the host resets the arena before each new problem.
export function allocate(bytes: usize): usize {
  return __alloc(bytes);
}

export function resetArena(): void {
  __reset();
}
