// Bumped whenever the memory layout shared with TypeScript changes, so a stale build fails loudly.
export function abiVersion(): i32 {
  return 1;
}
