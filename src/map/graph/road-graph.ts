import type { ProfileName } from '../profiles/index.js';

/**
 * The routable road network of one map and profile. Node-based and directed; turn restrictions are already
 * applied by node splitting, so it is structurally the kernels' `ArcGraph` (nodeCount, tail, head, weight,
 * distance). Every field is a typed array (or a plain number/string list), so it serialises to the cache as is.
 *
 * Three levels: graph nodes; arcs (one driving direction of an edge, or a restriction copy of one);
 * edges (a way chain between graph nodes with its geometry, shared by both directions and all copies).
 */
export interface RoadGraph {
  profile: ProfileName;
  /** Turn restriction relations for this vehicle: applied, and ignored because they are broken or match nothing. */
  restrictionsApplied: number;
  restrictionsIgnored: number;
  nodeCount: number;
  arcCount: number;
  /** Arcs [0, primaryArcCount) are one per open edge direction; later ones are restriction copies. */
  primaryArcCount: number;
  edgeCount: number;

  nodeLat: Float64Array;
  nodeLon: Float64Array;
  nodeOsmId: Float64Array;
  /** The node a restriction copy stands for (itself for ordinary nodes). */
  nodeOrigin: Uint32Array;
  /** NodeControl bits per node (signals, stop and give-way signs, turning places); copies share their origin's. */
  nodeControl: Uint8Array;
  /** Strongly connected component id and its size, per node. */
  component: Uint32Array;
  componentSize: Uint32Array;

  tail: Uint32Array;
  head: Uint32Array;
  /** Routing weight of the default metric, ms: what searches minimise. */
  weight: Uint32Array;
  /** Free-flow driving time, ms: what a route reports (sum over its arcs). */
  durationMs: Uint32Array;
  /** Length, cm. */
  distance: Uint32Array;
  arcEdge: Uint32Array;
  /** ArcFlag bits. */
  arcFlags: Uint16Array;
  /** Primary arc a restriction copy stands for (itself for primary arcs). */
  arcOrigin: Uint32Array;
  /** 1 + the index in `conditionHours` of the hours a conditional turn restriction closes the arc in; 0: none. */
  arcCondition: Uint16Array;
  /** WEEK_HOURS bytes per condition, 1 in the hours of the week (from Monday 00:00) it closes its arcs. */
  conditionHours: Uint8Array;
  /** Free-flow speed km/h (0 for fixed-duration ferries) and the speed-independent part of the duration. */
  arcSpeedKmh: Float32Array;
  arcFixedMs: Uint32Array;

  /** Primary arc along / against the edge's geometry, -1 if that direction is closed. */
  edgeForwardArc: Int32Array;
  edgeBackwardArc: Int32Array;
  edgeWayId: Float64Array;
  /** RoadClass per edge. */
  edgeRoadClass: Uint8Array;
  edgeNameId: Uint32Array;
  /** Truck limits (0 = none); every profile keeps them (the same arrays), only the truck profile reads them. */
  edgeMaxHeightM: Float32Array;
  edgeMaxWeightT: Float32Array;
  edgeMaxWidthM: Float32Array;
  edgeMaxLengthM: Float32Array;
  /** Heaviest load allowed on one axle, tonnes. */
  edgeMaxAxleLoadT: Float32Array;
  /** Edge e's points: geomLat/geomLon[geomStart[e] .. geomStart[e+1]) in 1e-7 degrees, from edge tail to head. */
  geomStart: Uint32Array;
  geomLat: Int32Array;
  geomLon: Int32Array;
  names: string[];
}
