// Entry of the planning kernels: private memory per worker. This file only re-exports.
export { abiVersion } from './common/abi';
export { allocate, resetArena } from './vrp/arena';
export { bindProblem } from './vrp/problem';
export { timeRoute } from './vrp/route-timing';
export * from './vrp/layout';
export { concatSegments, routeEndSegment, routeFromSegment, routeStartSegment, visitSegment, SEG_SIZE } from './vrp/segment';
export * from './vrp/search/api';
export * from './vrp/dispatch/positions';
