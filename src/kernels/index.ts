// The routing kernels' public face: everything the service layer and the map cache call.
export { CLOSED_ARC, type ArcGraph, type RouteResult, type Seed } from './arc-graph.js';
export { SharedRegions } from './shared-regions.js';
export { buildHierarchy, type BuildOptions } from './build-hierarchy.js';
export { restoreHierarchy, serializeHierarchy, type Hierarchy } from './hierarchy.js';
export { cachedHierarchy, readHierarchyFile, writeHierarchyFile } from './hierarchy-file.js';
export { MetricHierarchies } from './metric-hierarchies.js';
export { RoutingKernels, type RouteCost, type TravelMatrix } from './routing-kernels.js';
export { placePlainGraph } from './plain-graph.js';
export { UNREACHED } from './layout.js';
export { warmUp } from './warm-up.js';
