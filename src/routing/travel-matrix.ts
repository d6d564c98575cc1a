/**
 * Travel matrices on the road network: each point snapped once, then one bucket many-to-many call on the
 * metric's hierarchy; pairs on the same arc, which seeds cannot connect directly, take the drive along it
 * when that is faster. What `/v1/matrix` answers and what the planner's road-network travel source calls.
 *
 * Durations are the search weight, so a leg into a destination-only zone carries its entry penalty here
 * (src/map/graph/metric.ts) while `/v1/path` reports the time actually driven; elsewhere both agree.
 */
import type { LatLon } from '../conventions/latlon.js';
import { UNREACHED } from '../kernels/index.js';
import { routingMap } from './attach-routing-map.js';
import { sameArcLeg } from './leg.js';
import type { ProfileRouter, RoutingMetric } from './profile-router.js';
import { metricSelectionOf, type VehicleRequest } from './request-fields.js';
import { snapStop, type SnappedStop } from './stop-snap.js';

/** A pair without a path (or with a point off the network). */
export const UNREACHABLE = -1;

export interface TravelMatrixOptions {
  /** Default: the sources (a square matrix). */
  destinations?: readonly LatLon[];
  vehicle?: VehicleRequest;
}

export interface TravelMatrixResult {
  sourceCount: number;
  destinationCount: number;
  /** Row-major source × destination, seconds; UNREACHABLE where no path exists. */
  durations: Float64Array;
  /** Row-major, metres; UNREACHABLE where no path exists. */
  distances: Float64Array;
  /** Points farther than the snap radius from any usable road: their rows / columns are all UNREACHABLE. */
  unsnappedSources: number[];
  unsnappedDestinations: number[];
}

function snapPoints(router: ProfileRouter, metric: RoutingMetric, points: readonly LatLon[]): (SnappedStop | null)[] {
  return points.map((location) => snapStop(router, { location }, metric));
}

function unsnapped(stops: (SnappedStop | null)[]): number[] {
  return stops.flatMap((stop, index) => (stop ? [] : [index]));
}

/** Lowers the cells of pairs that lie on a common arc to the direct drive along it, where faster. */
function applySameArcLegs(router: ProfileRouter, metric: RoutingMetric, sources: (SnappedStop | null)[], targets: (SnappedStop | null)[],
  weight: Uint32Array, distance: Uint32Array): void {
  const targetsOnArc = new Map<number, number[]>();
  targets.forEach((stop, t) => {
    for (const position of stop?.arrivals.positions ?? []) {
      const list = targetsOnArc.get(position.arc) ?? [];
      if (list[list.length - 1] !== t) list.push(t);
      targetsOnArc.set(position.arc, list);
    }
  });
  sources.forEach((from, s) => {
    for (const position of from?.departures.positions ?? []) {
      for (const t of targetsOnArc.get(position.arc) ?? []) {
        const leg = sameArcLeg(metric, router.graph.distance, from!, targets[t]!);
        const cell = s * targets.length + t;
        if (leg && leg.weight < weight[cell]!) {
          weight[cell] = leg.weight;
          distance[cell] = leg.distanceCm;
        }
      }
    }
  });
}

function scaled(values: Uint32Array, divisor: number): Float64Array {
  return Float64Array.from(values, (value) => (value === UNREACHED ? UNREACHABLE : value / divisor));
}

export async function travelMatrix(sources: readonly LatLon[], options: TravelMatrixOptions = {}): Promise<TravelMatrixResult> {
  const vehicle = options.vehicle ?? { profile: 'auto' };
  const router = routingMap().router(vehicle.profile);
  const metric = await router.metric(metricSelectionOf(vehicle));
  const from = snapPoints(router, metric, sources);
  const to = options.destinations ? snapPoints(router, metric, options.destinations) : from;
  const matrix = router.kernels.manyToMany(metric.hierarchy,
    from.map((stop) => stop?.departures.seeds ?? []), to.map((stop) => stop?.arrivals.seeds ?? []));
  applySameArcLegs(router, metric, from, to, matrix.weight, matrix.distance);
  return {
    sourceCount: from.length,
    destinationCount: to.length,
    durations: scaled(matrix.weight, 1000),
    distances: scaled(matrix.distance, 100),
    unsnappedSources: unsnapped(from),
    unsnappedDestinations: unsnapped(to),
  };
}
