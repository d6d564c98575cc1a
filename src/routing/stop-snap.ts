/**
 * The snap step of one stop: where it meets the road network under a metric, and the seeds a search starts
 * from (departures) or ends at (arrivals), each tagged with the arc it lies on. Issue 4 extends this step with
 * location types, heading and intersection (a filter and another snap point); callers stay unchanged.
 */
import type { Seed } from '../kernels/index.js';
import type { LatLon } from '../conventions/latlon.js';
import { BLOCKED_MS } from '../map/graph/metric.js';
import { seedsOf } from '../map/snap/seeds.js';
import type { SnapCandidate } from '../map/snap/snap-candidate.js';
import type { ProfileRouter, RoutingMetric } from './profile-router.js';

/** A point on an arc: `fraction` of the way from its tail. */
export interface ArcPosition {
  arc: number;
  fraction: number;
}

/** Seeds and, index for index, the position on the road each stands for. */
export interface AnchoredSeeds {
  seeds: Seed[];
  positions: ArcPosition[];
}

export interface SnappedStop {
  candidate: SnapCandidate;
  departures: AnchoredSeeds;
  arrivals: AnchoredSeeds;
}

export interface StopPlace {
  location: LatLon;
}

/** Position of the snapped point on an arc of its road (either direction, or a restriction copy). */
function positionOn(router: ProfileRouter, candidate: SnapCandidate, arc: number): ArcPosition {
  const sameDirection = router.graph.arcOrigin[arc] === candidate.arc;
  return { arc, fraction: sameDirection ? candidate.fraction : 1 - candidate.fraction };
}

/** Null when no road the metric may use lies within the snap radius. */
export function snapStop(router: ProfileRouter, stop: StopPlace, metric: RoutingMetric): SnappedStop | null {
  const candidate = router.snapIndex.snap(stop.location.lat, stop.location.lon, {
    filter: (arc) => metric.weight[arc]! < BLOCKED_MS,
  });
  if (!candidate) return null;
  const seeds = seedsOf(router.graph, router.arcCopies, candidate, metric.weight);
  return {
    candidate,
    departures: { seeds: seeds.sources, positions: seeds.sourceArcs.map((arc) => positionOn(router, candidate, arc)) },
    arrivals: { seeds: seeds.targets, positions: seeds.targetArcs.map((arc) => positionOn(router, candidate, arc)) },
  };
}
