// Public surface of the map layer: import (with cache), the road graph and its metrics, snapping and
// seeds, the demo town. The OSM reader has its own surface in ./osm/index.ts.
export { ArcFlag } from './arc-flags.js';
export { demoTownOsmXml, DEMO_TOWN } from './demo-town.js';
export { arcPoints } from './graph/arc-geometry.js';
export { BLOCKED_MS, computeMetric, type Metric, type MetricOptions } from './graph/metric.js';
export type { RoadGraph } from './graph/road-graph.js';
export type { ProgressCallback } from './graph/build-road-graph.js';
export { importMap, type ImportOptions } from './import-map.js';
export { MAP_FORMAT_VERSION } from './cache/map-cache-file.js';
export {
  DIMENSION_CLASS_COUNT, dimensionClassById, dimensionClassOf, type DimensionClass, type VehicleDimensions,
} from './profiles/dimension-classes.js';
export { isProfileName, type ProfileName } from './profiles/index.js';
export { RoadClass, ROAD_CLASS_NAMES } from './profiles/road-class.js';
export type { ImportSummary, RoadMap } from './road-map.js';
export type { SnapCandidate, SnapOptions } from './snap/snap-candidate.js';
export { seedsOf, type SnapSeeds } from './snap/seeds.js';
