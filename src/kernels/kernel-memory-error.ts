/**
 * A kernel memory would pass the 4 GiB a wasm32 memory can address: the contraction's private memory while
 * contracting, or a map's shared routing memory while placing hierarchies. docs/scale.md sizes maps against it.
 */
export class KernelMemoryError extends Error {
  constructor(readonly memoryName: string, readonly bytesNeeded: number) {
    super(`the ${memoryName} ran out of the 4 GiB a WebAssembly memory can address (a claim would have ended at ${(bytesNeeded / 2 ** 30).toFixed(2)} GiB)`);
    this.name = 'KernelMemoryError';
  }
}
