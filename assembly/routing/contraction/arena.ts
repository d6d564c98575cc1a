// Contraction runs in its own private memory (the `contract` target), where it owns everything above
// __heap_base: a bump arena that grows the memory on demand. Nothing is ever freed; a run is one instance.

/**
 * The host's report that the arena would pass the 4 GiB a wasm32 memory can address: it throws, so a graph too
 * large to contract ends the run with a message naming the bytes it needed instead of a bare trap.
 */
@external("env", "arenaExhausted")
declare function arenaExhausted(bytesNeeded: f64): void;

const ADDRESS_SPACE: u64 = <u64>1 << 32;

let top: usize = 0;

function alignUp(address: u64): u64 {
  return (address + 15) & ~(<u64>15);
}

/** Grows by a quarter at least (fewer, larger grows), or by just what is missing where a quarter would not fit. */
function growTo(end: u64): bool {
  const have = <u64>memory.size() << 16;
  if (end <= have) return true;
  const pages = <i32>((end - have + 0xffff) >> 16);
  return memory.grow(max(pages, memory.size() >> 2)) >= 0 || memory.grow(pages) >= 0;
}

/**
 * Returns `bytes` of zeroed memory (fresh pages are zero; nothing is reused). Sizes are u64 so that a request
 * beyond the address space is refused rather than wrapped around into memory already in use.
 */
export function arenaAllocate(bytes: u64): usize {
  if (top == 0) top = <usize>alignUp(__heap_base);
  const end = alignUp(<u64>top + bytes);
  if (end >= ADDRESS_SPACE || !growTo(end)) {
    arenaExhausted(<f64>end);
    unreachable();
  }
  const start = top;
  top = <usize>end;
  return start;
}
