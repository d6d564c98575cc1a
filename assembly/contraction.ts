// Entry of the contraction kernel: private memory (one instance per contraction run, off the main
// thread); its result is copied into the shared memory the routing kernels read. Only re-exports.
export { abiVersion } from './common/abi';
export { reserve, startContraction, loadArcs, contract } from './routing/contraction/build';
export { arenaPeak } from './routing/contraction/arena';
export * from './routing/layout-offsets';
