/**
 * Where the travel times and distances of a plan come from. A source answers, for the problem's places and one
 * travel class, square matrices in the order of `Problem.places`. Durations are float seconds, distances float
 * metres; an unreachable pair is -1 (the kernel reports it as `no_safe_route`, and so a leg into an unsafe place).
 */
import { VEHICLE_DIMENSION_FIELDS, type VehicleDimensions } from '../../map/profiles/dimension-classes.js';
import type { Place, Problem, Route, VehicleType } from '../model.js';

export const unreachable = -1;

export interface TravelMatrices {
  /** Side of each square matrix: the number of places. */
  size: number;
  /**
   * Hour slots of the durations: 1 without traffic, 24 with `settings.enable_historic_traffic`. A leg takes the
   * slot of the hour it departs in (docs/api.md, Problem fields).
   */
  slots: number;
  /** `durations[(slot * size + from) * size + to]`. */
  durations: Float64Array;
  /** `distances[from * size + to]`. */
  distances: Float64Array;
  /**
   * 1 for a place its location type could only put on a road it forbids (docs/api.md, Violations): legs into it are
   * driven and flagged `no_safe_route`, a hard violation for the search.
   */
  unsafePlaces: Uint8Array;
}

/**
 * Routes that share a class share their matrices (docs/api.md, Problem fields: dimension class and speed percentage).
 */
export interface TravelClass {
  key: string;
  vehicleType: VehicleType;
  dimensions: VehicleDimensions;
  drivingSpeedPercentage: number;
}

/** The vehicle a class routes as, in the routing service's terms. */
export function routingVehicleOf(travelClass: TravelClass): { profile: VehicleType } & VehicleDimensions {
  return { profile: travelClass.vehicleType, ...travelClass.dimensions };
}

/** Legs of every route, flat: route r's legs start at `routeLegStart[r]`; durations have `slots` per leg. */
export interface RouteLegs {
  routeLegStart: Int32Array;
  slots: number;
  durations: Float64Array;
  distances: Float64Array;
  /** 1 for a leg into an unsafe place (TravelMatrices.unsafePlaces). */
  unsafe: Uint8Array;
}

export interface TravelCostSource {
  /** A name for logs and benchmarks (`settings.matrix`, `road network`). */
  readonly name: string;
  /** Every pair of places: what a search that may visit them in any order needs. */
  matrices(places: readonly Place[], travelClass: TravelClass): Promise<TravelMatrices>;
  /** Only the legs the routes drive as given (route-legs.ts): what timing a plan needs. */
  routeLegs(problem: Problem, classes: readonly TravelClass[], classOfRoute: Int32Array): Promise<RouteLegs>;
}

export function travelClassOf(route: Route): TravelClass {
  const vehicle = route.vehicle;
  const vehicleType = vehicle?.vehicleType ?? 'auto';
  const dimensions = vehicle?.dimensions ?? {};
  const drivingSpeedPercentage = route.drivingSpeedPercentage;
  const sizes = VEHICLE_DIMENSION_FIELDS.map(([, axis]) => dimensions[axis] ?? '').join('|');
  return { key: `${vehicleType}|${sizes}|${drivingSpeedPercentage}`, vehicleType, dimensions, drivingSpeedPercentage };
}

/** The distinct classes of a problem's routes, and for each route the index of its class. */
export function travelClassesOf(routes: readonly Route[]): { classes: TravelClass[]; classOfRoute: Int32Array } {
  const classes: TravelClass[] = [];
  const indexByKey = new Map<string, number>();
  const classOfRoute = new Int32Array(routes.length);
  routes.forEach((route, index) => {
    const travelClass = travelClassOf(route);
    let classIndex = indexByKey.get(travelClass.key);
    if (classIndex === undefined) {
      classIndex = classes.length;
      classes.push(travelClass);
      indexByKey.set(travelClass.key, classIndex);
    }
    classOfRoute[index] = classIndex;
  });
  return { classes, classOfRoute };
}

/** A slower driver takes longer on the same legs: durations divided by the speed percentage. */
export function scaleDurations(durations: Float64Array, drivingSpeedPercentage: number): Float64Array {
  if (drivingSpeedPercentage === 100) return durations;
  const factor = 100 / drivingSpeedPercentage;
  return durations.map((value) => (value === unreachable ? value : value * factor));
}
