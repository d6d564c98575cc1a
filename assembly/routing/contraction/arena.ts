// Contraction runs in its own private memory (the `contract` target), where it owns everything above
// __heap_base: a bump arena that grows the memory on demand. Only the list blocks at its top are ever given back
// (list-blocks.ts compacts them and rewinds the arena); a run is one instance.

/**
 * The host's report that the arena would pass the 4 GiB a wasm32 memory can address: it throws, so a graph too
 * large to contract ends the run with a message naming the bytes it needed instead of a bare trap.
 */
@external("env", "arenaExhausted")
declare function arenaExhausted(bytesNeeded: f64): void;

const ADDRESS_SPACE: u64 = <u64>1 << 32;

let top: usize = 0;
/** The highest the top has been: the bytes a run has touched, what it leaves resident. */
let peak: usize = 0;

function alignUp(address: u64): u64 {
  return (address + 15) & ~(<u64>15);
}

/**
 * Grows by a quarter, in steps of at most 16 MiB, or by just what is missing where a step would not fit. Only
 * touched pages count (arenaPeak); steps of a quarter of a memory of gigabytes were needlessly large.
 */
const GROWTH_PAGES_MAX: i32 = 256;

function growTo(end: u64): bool {
  const have = <u64>memory.size() << 16;
  if (end <= have) return true;
  const pages = <i32>((end - have + 0xffff) >> 16);
  return memory.grow(max(pages, min(memory.size() >> 2, GROWTH_PAGES_MAX))) >= 0 || memory.grow(pages) >= 0;
}

function claim(bytes: u64, alignment: u64): usize {
  const start = arenaTop();
  const end = (<u64>start + bytes + alignment - 1) & ~(alignment - 1);
  if (end >= ADDRESS_SPACE || !growTo(end)) {
    arenaExhausted(<f64>end);
    unreachable();
  }
  top = <usize>end;
  if (top > peak) peak = top;
  return start;
}

/**
 * Returns `bytes` of zeroed memory (fresh pages are zero: what lies below the top is never handed out twice but
 * by list-blocks.ts). Sizes are u64 so that a request beyond the address space is refused rather than wrapped
 * around into memory already in use.
 */
export function arenaAllocate(bytes: u64): usize {
  return claim(bytes, 16);
}

/** Like arenaAllocate, aligned to 4 bytes only and not zeroed: list-blocks.ts lays its blocks end to end. */
export function arenaAllocateBlock(bytes: u64): usize {
  return claim(bytes, 4);
}

export function arenaTop(): usize {
  if (top == 0) top = <usize>alignUp(__heap_base);
  return top;
}

/** Gives back everything from `to` up (list-blocks.ts, after moving what it keeps below `to`). */
export function arenaRewind(to: usize): void {
  top = to;
}

/** The bytes the run has touched at most (the memory may have grown beyond, untouched). */
export function arenaPeak(): f64 {
  return <f64>peak;
}
