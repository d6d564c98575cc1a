// Contraction runs in its own private memory (the `contract` target), where it owns everything above
// __heap_base: a bump arena that grows the memory on demand. Nothing is ever freed; a run is one instance.

let top: usize = 0;

function alignUp(address: usize): usize {
  return (address + 15) & ~(<usize>15);
}

/** Returns `bytes` of zeroed memory (fresh pages are zero; nothing is reused). */
export function arenaAllocate(bytes: usize): usize {
  if (top == 0) top = alignUp(__heap_base);
  const start = top;
  top = alignUp(start + bytes);
  const have = <usize>memory.size() << 16;
  if (top > have) {
    const pages = <i32>((top - have + 0xffff) >> 16);
    if (memory.grow(max(pages, memory.size() >> 2)) < 0) unreachable();
  }
  return start;
}
