// The one shared WebAssembly.Memory of the routing kernels and its region allocator. The allocator's
// state lives in the memory itself (page 1, right after the page kept for the module's static data and
// stack), so that every thread holding the memory can claim regions with atomics and none overlaps; the
// table of scratch slots follows it there. Regions are never freed: hierarchies and scratch slots live as
// long as the memory.
import { KernelMemoryError } from './kernel-memory-error.js';
import { align16 } from './layout.js';

const PAGE_BYTES = 65536;
/** Page 0 belongs to the module's static data and stack. */
const ALLOCATOR_ADDRESS = PAGE_BYTES;
const MAGIC = 0x46524d31; // "FRM1"
/** Int32 slots of the allocator header. */
const MAGIC_SLOT = ALLOCATOR_ADDRESS / 4;
const TOP_SLOT = MAGIC_SLOT + 1;
/** The table of scratch slots every thread finds at this fixed place (scratch-pool.ts). */
export const SCRATCH_TABLE_ADDRESS = ALLOCATOR_ADDRESS + 64;
export const SCRATCH_TABLE_BYTES = 4096;
const FIRST_REGION = SCRATCH_TABLE_ADDRESS + SCRATCH_TABLE_BYTES;
/** Must match asconfig.json's `routing` target maximumMemory (V8 reserves the maximum up front). */
const MAXIMUM_PAGES = 65536;
/** The most a routing memory can hold. */
export const ADDRESS_SPACE_BYTES = MAXIMUM_PAGES * PAGE_BYTES;

export class SharedRegions {
  private constructor(readonly memory: WebAssembly.Memory) {}

  /** A new, empty shared memory; the main thread creates it once and hands it to every worker. */
  static create(): SharedRegions {
    const memory = new WebAssembly.Memory({ initial: 2, maximum: MAXIMUM_PAGES, shared: true });
    const words = new Int32Array(memory.buffer);
    words[TOP_SLOT] = FIRST_REGION;
    Atomics.store(words, MAGIC_SLOT, MAGIC);
    return new SharedRegions(memory);
  }

  /** The allocator of a memory created elsewhere (in a worker, from workerData). */
  static attach(memory: WebAssembly.Memory): SharedRegions {
    if (Atomics.load(new Int32Array(memory.buffer), MAGIC_SLOT) !== MAGIC) {
      throw new Error('not a Fleetroute routing memory (created by SharedRegions.create)');
    }
    return new SharedRegions(memory);
  }

  /** Claims `bytes` (16-byte aligned), growing the memory when needed. Safe from any thread. */
  allocate(bytes: number): number {
    const size = align16(Math.max(bytes, 16));
    const words = new Int32Array(this.memory.buffer);
    for (;;) {
      const top = Atomics.load(words, TOP_SLOT);
      // Addresses stay below 4 GiB, so the u32 bump pointer is read back unsigned.
      const start = top >>> 0;
      const end = start + size;
      // A claim that does not fit leaves the pointer where it was: wrapped past 4 GiB it would hand out regions in use.
      if (end >= ADDRESS_SPACE_BYTES) throw new KernelMemoryError('routing memory', end);
      if (Atomics.compareExchange(words, TOP_SLOT, top, end | 0) !== top) continue;
      this.growTo(end);
      return start;
    }
  }

  /** Grows by an eighth at least (fewer, larger grows), or by just what is missing near the address space's end. */
  private growTo(end: number): void {
    const havePages = this.memory.grow(0);
    const missing = Math.ceil((end - havePages * PAGE_BYTES) / PAGE_BYTES);
    if (missing <= 0) return;
    try {
      this.memory.grow(Math.min(Math.max(missing, havePages >> 3), MAXIMUM_PAGES - havePages));
    } catch {
      // Another thread grew it meanwhile: only what is still missing.
      const nowMissing = Math.ceil((end - this.memory.grow(0) * PAGE_BYTES) / PAGE_BYTES);
      if (nowMissing > 0) this.memory.grow(nowMissing);
    }
  }

  /**
   * Gives back the region of `bytes` claimed at `address` when no claim came after it, zeroed (as claims of fresh
   * memory are); a region claimed before others stays claimed.
   */
  giveBack(address: number, bytes: number): void {
    const end = address + align16(Math.max(bytes, 16));
    new Uint8Array(this.memory.buffer, address, end - address).fill(0);
    Atomics.compareExchange(new Int32Array(this.memory.buffer), TOP_SLOT, end | 0, address | 0);
  }

  /** Copies `values` into a region of their own; returns its address. */
  placeUint32s(values: Uint32Array): number {
    const address = this.allocate(values.byteLength);
    this.words().set(values, address / Uint32Array.BYTES_PER_ELEMENT);
    return address;
  }

  /**
   * A view of `length` u32 at `address`, a region claimed by any thread. Another thread's growth reaches this
   * thread's `memory.buffer` on its next interrupt check; growing by nothing brings it here at once.
   */
  uint32s(address: number, length: number): Uint32Array {
    if (address + length * Uint32Array.BYTES_PER_ELEMENT > this.memory.buffer.byteLength) this.memory.grow(0);
    return new Uint32Array(this.memory.buffer, address, length);
  }

  /** A fresh view: views must be re-made after any growth (which another thread may cause). */
  bytes(): Uint8Array {
    return new Uint8Array(this.memory.buffer);
  }

  words(): Uint32Array {
    return new Uint32Array(this.memory.buffer);
  }

  /** Bytes claimed so far, for memory reporting. */
  usedBytes(): number {
    return (Atomics.load(new Int32Array(this.memory.buffer), TOP_SLOT) >>> 0) - FIRST_REGION;
  }
}
