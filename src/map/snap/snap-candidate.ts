/** Where a point meets the road network. */
export interface SnapCandidate {
  edge: number;
  /** Primary arc the point lies on (the edge's forward arc when it has one). */
  arc: number;
  /** Primary arc of the opposite direction on a two-way road, -1 on a one-way road. */
  reverseArc: number;
  /** Position along `arc` from its tail, in [0, 1]; along `reverseArc` it is 1 - fraction. */
  fraction: number;
  /** Projection of the point onto the road, [lat, lon]. */
  point: [number, number];
  distanceMeters: number;
  /** Bearing of the road segment at the point in `arc`'s direction, degrees clockwise from north. */
  bearing: number;
}

export interface SnapOptions {
  /** Farthest a road may be from the point (default 1000 m). Beyond it `snap` returns null. */
  radiusMeters?: number;
  /** Keeps only arcs this returns true for (the vehicle's open arcs; on_street/off_street: safe to stop). */
  filter?: (arc: number) => boolean;
  /**
   * Degrees clockwise from north a vehicle faces: only directions within 90° of it qualify, so a two-way road
   * keeps just the direction ahead and a one-way road driven the other way is passed over.
   */
  heading?: number;
}
