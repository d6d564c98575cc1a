/**
 * Bit flags stored per arc (`RoadGraph.arcFlags`). Way-level ones come from the profile; the rest are
 * set by the graph builder. The snap step's on_street/off_street rules read SafeToStop; traffic reads Urban.
 */
export const ArcFlag = {
  /** motorway, trunk or one of their links */
  MotorwayLike: 1 << 0,
  Link: 1 << 1,
  Tunnel: 1 << 2,
  Toll: 1 << 3,
  Ferry: 1 << 4,
  /** access=destination (or delivery/customers/private): usable only at the start or end of a route (destination-zones.ts) */
  Destination: 1 << 5,
  /** hgv=designated: a truck route, which truck metrics prefer a little (metric.ts) */
  HgvDesignated: 1 << 6,
  /** hgv=no or hgv=private: closed to trucks above 3.5 t */
  HgvForbidden: 1 << 7,
  /** a vehicle may stop at the kerb here (not motorway-like, tunnel or ferry) */
  SafeToStop: 1 << 8,
  Roundabout: 1 << 9,
  /** the arc runs against the direction its edge's geometry is stored in */
  Reversed: 1 << 10,
  /** added by node splitting for a turn restriction: a copy of the primary arc `arcOrigin[a]` */
  RestrictionCopy: 1 << 11,
  /** the way lies in a built-up area (its urban speeds apply): where predicted traffic slows main roads */
  Urban: 1 << 12,
  /**
   * the profile may not use the way at all: it is in the graph because another profile of the map may, so that
   * the profiles share one topology (map-way-rule.ts); every metric closes the arc
   */
  Closed: 1 << 13,
  /**
   * some profile of the map may not use the way (Closed in its graph): the turns every profile shares are decided
   * without it (turn-graph.ts)
   */
  ClosedToSome: 1 << 14,
} as const;
