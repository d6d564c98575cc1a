/**
 * The directed graph every routing kernel works on: one entry per arc, in parallel typed arrays.
 * Durations are integer milliseconds and distances integer centimetres, so that a contraction
 * hierarchy and a plain Dijkstra add exactly the same numbers and agree to the millisecond.
 */
export interface ArcGraph {
  readonly nodeCount: number;
  /** tail[a] → head[a] is arc a; arc ids are stable for a map and are what unpacked routes return. */
  readonly tail: Uint32Array;
  readonly head: Uint32Array;
  /** Duration in ms under the metric this graph carries; CLOSED_ARC (0xffffffff) means "no arc" here. */
  readonly weight: Uint32Array;
  /** Length in cm; metric-independent. */
  readonly distance: Uint32Array;
}

/** The weight of an arc closed under a metric (a truck class that may not use it, say). */
export const CLOSED_ARC = 0xffffffff;

/**
 * One way into (source) or out of (target) the road network for a stop: a node plus the part of the
 * snapped arc still to drive, so a stop in the middle of a street is counted exactly.
 */
export interface Seed {
  readonly node: number;
  readonly weight: number;
  readonly distance: number;
}

/** A shortest path: its duration, its length and the original arc ids driven, in order. */
export interface RouteResult {
  readonly weight: number;
  readonly distance: number;
  readonly arcs: number[];
  /** Index in the source seed list of the seed the route starts at, and in the target list where it ends. */
  readonly sourceSeed: number;
  readonly targetSeed: number;
}
