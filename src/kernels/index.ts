// The routing kernels' public face: everything the service layer and the map cache call.
export { CLOSED_ARC, type ArcGraph, type RouteResult, type Seed } from './arc-graph.js';
export { ADDRESS_SPACE_BYTES, SharedRegions } from './shared-regions.js';
export { buildHierarchy, type BuildOptions } from './build-hierarchy.js';
export { contractionOrder, restoreHierarchy, serializeHierarchy, type Hierarchy } from './hierarchy.js';
export { cachedHierarchy, cachedHierarchyInChain, type CachedHierarchy } from './hierarchy-file.js';
export { readHierarchyFile, writeHierarchyFile, type HierarchyFile } from './hierarchy-file-format.js';
export { MetricHierarchies, type MetricHierarchy, type MetricHierarchyFiles } from './metric-hierarchies.js';
export { MemoryChain, type ChainAddress } from './memory-chain.js';
export type { PlacedHierarchy } from './contraction-worker.js';
export { RoutingKernels, type RouteCost, type TravelMatrix } from './routing-kernels.js';
export { placePlainGraph } from './plain-graph.js';
export { UNREACHED } from './layout.js';
export { KernelMemoryError } from './kernel-memory-error.js';
export { warmUp } from './warm-up.js';
