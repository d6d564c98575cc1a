// Entry of the routing kernels: one shared memory read by every worker, allocation-free.
// This file only re-exports; each algorithm lives in its own file under routing/.
export { abiVersion } from './common/abi';
export { chRoute } from './routing/route';
export { manyToMany } from './routing/many-to-many';
export { dijkstraMeet } from './routing/bidirectional-dijkstra';
export * from './routing/layout-offsets';
