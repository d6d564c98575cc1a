/**
 * The problem as the VRP kernels read it: flat typed arrays, one field per array, indexed as documented in
 * assembly/vrp/layout.ts (the header slot of each array is named there). Built by flatten-problem.ts.
 */
export interface FlatProblem {
  placeCount: number;
  jobCount: number;
  routeCount: number;
  loadMetrics: number;
  /** u32 words per depot-attribute bitset. */
  attributeWords: number;
  hardWindows: boolean;
  /** Bit per violation type (stop types, then route types) that `settings.critical_violations` makes hard. */
  criticalMask: number;
  legalBreaks: boolean;
  legalBreakDuration: number;
  legalBreakInterval: number;
  jobLocation: Int32Array;
  jobExitLocation: Int32Array;
  jobTimeOnSite: Float64Array;
  jobExitTimeOnSite: Float64Array;
  jobWindowCount: Int32Array;
  jobWindows: Float64Array;
  jobLoads: Float64Array;
  jobPreDepotNeed: Uint32Array;
  jobPostDepotNeed: Uint32Array;
  placeDepotAttributes: Uint32Array;
  routeVisitStart: Int32Array;
  routeVisitCount: Int32Array;
  visits: Int32Array;
  visitFaults: Uint32Array;
  routeClass: Int32Array;
  routeStartPlace: Int32Array;
  routeEndPlace: Int32Array;
  routeParameters: Float64Array;
  routeBreakStart: Int32Array;
  routeBreakCount: Int32Array;
  breaks: Float64Array;
  /** First entry of each route's given legs, −1 when its legs come from the class matrix (route-legs.ts). */
  routeLegStart: Int32Array;
  legDurations: Float64Array;
  legDistances: Float64Array;
  /** 1 for a given leg into an unsafe place. */
  legUnsafe: Uint8Array;
  /** driver.centroid pull per job and route (centroid-pull.ts); empty when no driver has a centroid. */
  jobRoutePull: Float64Array;
}
