/**
 * Travel matrices on the road network: each point snapped once (stop-snap.ts: markers keep their location
 * type and intersection), then one bucket many-to-many call on the metric's hierarchy; pairs on the same arc,
 * which seeds cannot connect directly, take the drive along it when that is faster. What `/v1/matrix` answers
 * and what the planner's road-network travel source calls. With an `hourOfWeek`, every pair drives that hour
 * (its conditional turn restrictions, and its predicted traffic when `inTraffic`), as a one-leg `/v1/path`
 * route departing then would.
 * Durations are the search weight: the time driven, but for trucks on `hgv=designated` roads, which their
 * metric prefers by counting less time there (docs/routing.md, trucks). A point inside a destination-only zone is
 * seeded through its zone (docs/routing.md), so each pair obeys the zone rule as a path does.
 */
import type { LatLon } from '../../conventions/latlon.js';
import { UNREACHED } from '../../kernels/index.js';
import { routingMap } from '../load/request-map.js';
import { sameArcLeg } from './leg.js';
import type { ProfileRouter, RoutingMetric } from './profile-router.js';
import { metricSelectionOf, type VehicleRequest } from '../service/request-fields.js';
import { reseeded, snapStop, type SnappedStop, type StopPlace } from './stop-snap.js';
import { metricOfHour } from '../traffic/traffic-metric.js';

/** A pair without a path (or with a point off the network). */
export const UNREACHABLE = -1;

export interface TravelMatrixOptions {
  /** Default: the sources (a square matrix). */
  destinations?: readonly MatrixPoint[];
  vehicle?: VehicleRequest;
  /** The hour of the week driven (hour-of-week.ts): its conditional turn restrictions apply; none when absent. */
  hourOfWeek?: number;
  /** Drive in the predicted traffic of that hour; free flow when false or absent. */
  inTraffic?: boolean;
}

export interface TravelMatrixResult {
  sourceCount: number;
  destinationCount: number;
  /**
   * Row-major source × destination, whole milliseconds at the speeds the metric assumes (the kernels' unit);
   * UNREACHED where no path exists. `durationSeconds` applies the vehicle's speed.
   */
  durationsMs: Uint32Array;
  /** Row-major, whole centimetres; UNREACHED where no path exists. */
  distancesCm: Uint32Array;
  /** The vehicle's driving speed, in percent of the metric's (atVehicleSpeed). */
  speedPercentage: number;
  /** Points farther than the snap radius from any usable road: their rows / columns are all UNREACHED. */
  unsnappedSources: number[];
  unsnappedDestinations: number[];
  /** Points their location type could only place on a forbidden road (`no_safe_route`). */
  unsafeSources: number[];
  unsafeDestinations: number[];
}

/** A plain point (as `/v1/matrix` takes them) or a stop with its location type and intersection (a marker). */
export type MatrixPoint = LatLon | StopPlace;

function snapPoints(router: ProfileRouter, metric: RoutingMetric, points: readonly MatrixPoint[]): (SnappedStop | null)[] {
  return points.map((point) => snapStop(router, 'location' in point ? point : { location: point }, metric));
}

function unsnapped(stops: (SnappedStop | null)[]): number[] {
  return stops.flatMap((stop, index) => (stop ? [] : [index]));
}

function unsafe(stops: (SnappedStop | null)[]): number[] {
  return stops.flatMap((stop, index) => (stop?.unsafe ? [index] : []));
}

/** Lowers the cells of pairs that lie on a common arc to the direct drive along it, where faster. */
function applySameArcLegs(router: ProfileRouter, metric: RoutingMetric, sources: (SnappedStop | null)[], targets: (SnappedStop | null)[],
  weight: Uint32Array, distance: Uint32Array): void {
  const targetsOnArc = new Map<number, number[]>();
  targets.forEach((stop, t) => {
    for (const position of stop?.along ?? []) {
      const list = targetsOnArc.get(position.arc) ?? [];
      if (list[list.length - 1] !== t) list.push(t);
      targetsOnArc.set(position.arc, list);
    }
  });
  sources.forEach((from, s) => {
    for (const position of from?.along ?? []) {
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

/** Kernel units divided into seconds or metres; UNREACHABLE where no path exists. */
function scaled(values: Uint32Array, divisor: number): Float64Array {
  const result = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    result[i] = value === UNREACHED ? UNREACHABLE : value / divisor;
  }
  return result;
}

/** Row-major seconds at the vehicle's speed, UNREACHABLE where no path exists: what the planner's matrices hold. */
export function durationSeconds(result: TravelMatrixResult): Float64Array {
  return scaled(result.durationsMs, (1000 * result.speedPercentage) / 100);
}

/** Row-major metres, UNREACHABLE where no path exists. */
export function distanceMetres(result: TravelMatrixResult): Float64Array {
  return scaled(result.distancesCm, 100);
}

/** The vehicle's metric in an hour of the week, when one is given (its restrictions, its traffic if asked). */
function metricOf(router: ProfileRouter, vehicle: VehicleRequest, options: TravelMatrixOptions): Promise<RoutingMetric> {
  const selection = metricSelectionOf(vehicle);
  if (options.hourOfWeek === undefined) return router.metric(selection);
  return metricOfHour(router, selection, options.hourOfWeek, options.inTraffic ?? false);
}

export async function travelMatrix(sources: readonly MatrixPoint[], options: TravelMatrixOptions = {}): Promise<TravelMatrixResult> {
  const vehicle = options.vehicle ?? { profile: 'auto' };
  const router = routingMap().router(vehicle.profile);
  // Where a point meets the road does not depend on traffic: snapped on the vehicle's own metric.
  const base = await router.metric(metricSelectionOf(vehicle));
  const metric = await metricOf(router, vehicle, options);
  const reseed = (stops: (SnappedStop | null)[]) => (metric === base ? stops : stops.map((stop) => stop && reseeded(router, stop, metric)));
  const from = reseed(snapPoints(router, base, sources));
  const to = options.destinations ? reseed(snapPoints(router, base, options.destinations)) : from;
  const matrix = metric.kernels.manyToMany(metric.hierarchy,
    from.map((stop) => stop?.departures.seeds ?? []), to.map((stop) => stop?.arrivals.seeds ?? []));
  applySameArcLegs(router, metric, from, to, matrix.weight, matrix.distance);
  return {
    sourceCount: from.length,
    destinationCount: to.length,
    durationsMs: matrix.weight,
    distancesCm: matrix.distance,
    speedPercentage: vehicle.drivingSpeedPercentage ?? 100,
    unsnappedSources: unsnapped(from),
    unsnappedDestinations: unsnapped(to),
    unsafeSources: unsafe(from),
    unsafeDestinations: unsafe(to),
  };
}
