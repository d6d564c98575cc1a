// A routing memory with no room left: claims of halving sizes until not even the least claim fits. Its address
// space is reserved up front, and claims the test never writes take no physical memory.
import { KernelMemoryError, type SharedRegions } from '../../src/kernels/index.js';

export function fillRoutingMemory(regions: SharedRegions): void {
  for (let bytes = 2 ** 31; bytes >= 16; bytes /= 2) {
    for (;;) {
      try {
        regions.allocate(bytes);
      } catch (error) {
        if (error instanceof KernelMemoryError) break;
        throw error;
      }
    }
  }
}
