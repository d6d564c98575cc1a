// A profile's routing memory and the spare memories behind it. A WebAssembly memory addresses at most 4 GiB, so
// where the default hierarchy takes a quarter of that, the profile's memory holds only a few of the metrics built
// on first use (traffic patterns, truck classes) beside it; the spare memories, made at load and handed to every
// worker with it, take the metrics that no longer fit (docs/scale.md, Beyond 4 GiB).
import { KernelMemoryError } from './kernel-memory-error.js';
import { SharedRegions } from './shared-regions.js';

/** Where a claim landed: the memory's place in the chain (0: the profile's own) and the address in it. */
export interface ChainAddress {
  memory: number;
  address: number;
}

export class MemoryChain {
  private constructor(readonly regions: readonly SharedRegions[]) {}

  /** The chain of memories made by SharedRegions.create, the profile's own first. */
  static attach(memories: readonly WebAssembly.Memory[]): MemoryChain {
    return MemoryChain.of(memories.map((memory) => SharedRegions.attach(memory)));
  }

  static of(regions: readonly SharedRegions[]): MemoryChain {
    if (regions.length === 0) throw new RangeError('a memory chain needs at least one memory');
    return new MemoryChain(regions);
  }

  get memories(): WebAssembly.Memory[] {
    return this.regions.map((regions) => regions.memory);
  }

  /**
   * `claim(regions)` in the first memory that has room for it: a claim that does not fit throws KernelMemoryError
   * before it changes anything (SharedRegions.allocate), and the next memory is tried. Throws the last memory's
   * error when none has room.
   */
  placeInFirstFitting<T>(claim: (regions: SharedRegions) => T): { memory: number; placed: T } {
    for (let memory = 0; ; memory++) {
      try {
        return { memory, placed: claim(this.regions[memory]!) };
      } catch (error) {
        if (!(error instanceof KernelMemoryError) || memory === this.regions.length - 1) throw error;
      }
    }
  }

  /** Copies `values` into the first memory with room for them. */
  placeUint32s(values: Uint32Array): ChainAddress {
    const { memory, placed } = this.placeInFirstFitting((regions) => regions.placeUint32s(values));
    return { memory, address: placed };
  }

  /** A view of `length` u32 at a place in the chain. */
  uint32s(at: ChainAddress, length: number): Uint32Array {
    return this.regions[at.memory]!.uint32s(at.address, length);
  }
}
