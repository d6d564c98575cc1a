/**
 * The normalized problem: what every planning operation works on once a request has been validated.
 * References are resolved to objects, defaults applied in the orders of docs/api.md (Problem fields), times are float
 * seconds (times of day since the midnight of the route's day), dates are day numbers (conventions/date.ts).
 * `source` keeps the request's own JSON for echoing `custom` and for `return_request`.
 */
import type { LatLon } from '../conventions/latlon.js';
import type { DayClock } from '../conventions/day-clock.js';
import type { TimeZone } from '../conventions/timezone.js';
import type { VehicleDimensions } from '../map/profiles/dimension-classes.js';

export type LocationType = 'off_street' | 'on_street' | 'vehicle';

/**
 * One place of the problem. Each gets an index in `Problem.places` — the order of `settings.matrix`
 * (documented in places.ts); a marker referenced many times is one place.
 */
export interface Place {
  index: number;
  /** JSON path of the place's location, for the faults about where it lies. */
  property: string;
  point: LatLon;
  intersection: LatLon | undefined;
  locationType: LocationType | undefined;
  /** Set when the place is a declared or inline marker with an id. */
  markerId: string | undefined;
  isDepot: boolean;
  /** Attributes a depot provides (docs/api.md, Problem fields, reloads). */
  attributes: readonly string[];
  source: Record<string, unknown> | undefined;
}

export interface TimeWindow {
  start: number;
  end: number;
}

export interface Job {
  index: number;
  id: string;
  location: Place;
  exitLocation: Place | undefined;
  timeOnSite: number;
  exitTimeOnSite: number;
  /** Zero, one or two windows, sorted by start. */
  timeWindows: TimeWindow[];
  date: number | undefined;
  allowedDates: number[] | undefined;
  /** 0 = Sunday … 6 = Saturday. */
  allowedDaysOfWeek: number[] | undefined;
  requiredRouteAttributes: readonly string[];
  disallowedRouteAttributes: readonly string[];
  requiredDriver: string | undefined;
  forbiddenDrivers: readonly string[];
  requiredVehicleAttributes: readonly string[];
  requiredPreJobDepotAttributes: readonly string[];
  requiredPostJobDepotAttributes: readonly string[];
  /** One entry per capacity metric (at most 4); positive = delivery, negative = pickup. */
  loads: number[];
  priority: number;
  source: Record<string, unknown>;
}

export interface Driver {
  id: string;
  name: string | undefined;
  attributes: readonly string[];
  centroid: LatLon | undefined;
  costPerHour: number | undefined;
  startLocation: Place | undefined;
  endLocation: Place | undefined;
  source: Record<string, unknown>;
}

export type VehicleType = 'auto' | 'truck';

export interface Vehicle {
  id: string;
  vehicleType: VehicleType;
  attributes: readonly string[];
  startLocation: Place | undefined;
  endLocation: Place | undefined;
  costPerKm: number | undefined;
  fixedCost: number | undefined;
  drivingSpeedPercentage: number | undefined;
  loadCapacities: number[] | undefined;
  /** Truck sizes given (docs/routing.md, dimension classes). */
  dimensions: VehicleDimensions;
  source: Record<string, unknown>;
}

export interface DriverBreak {
  id: string;
  name: string | undefined;
  /** Earliest and latest start as times of day (a fixed break has both equal to its start). */
  earliestStart: number;
  latestStart: number;
  length: number;
}

/** One entry of a route's given order: a job (its exit follows implicitly) or a mid-route depot visit. */
export type RouteVisit = { kind: 'job'; job: Job } | { kind: 'depot'; place: Place };

export interface Route {
  index: number;
  id: string;
  name: string | undefined;
  date: number | undefined;
  driver: Driver | undefined;
  vehicle: Vehicle | undefined;
  startTime: number;
  endTime: number | undefined;
  /** Set when the route's times are on the clock of a day the offset changes (normalize/day-clocks.ts). */
  clock?: DayClock;
  maxWorkingTime: number | undefined;
  maxDrivingTime: number | undefined;
  normalWorkingTime: number | undefined;
  startLocation: Place | undefined;
  endLocation: Place | undefined;
  visits: RouteVisit[];
  routeAttributes: readonly string[];
  breaks: DriverBreak[];
  costPerHour: number;
  costPerKm: number;
  fixedCost: number;
  maxJobsOnRoute: number | undefined;
  loadCapacities: number[] | undefined;
  drivingSpeedPercentage: number;
  source: Record<string, unknown>;
}

export interface Schedule {
  id: string;
  type: 'daily' | 'weekly';
  earliestDate: number | undefined;
  baseDate: number | undefined;
  interval: number;
  allowedDaysOfWeek: number[] | undefined;
  allowedVarianceBefore: number;
  allowedVarianceAfter: number;
  source: Record<string, unknown>;
}

/** `settings.matrix`, read into flat row-major arrays over the places (−1 where the request had null). */
export interface TravelMatrixInput {
  size: number;
  durations: Float64Array;
  distances: Float64Array;
}

export interface Settings {
  timezone: TimeZone;
  timeWindowsAsHardConstraint: boolean;
  criticalViolations: readonly string[];
  enableLegalBreaks: boolean;
  legalBreakDuration: number;
  legalBreakInterval: number;
  routePaths: boolean;
  enableHistoricTraffic: boolean;
  timeLimitSeconds: number | undefined;
  /** Whether build, optimize and insert give each unrouted job its reasons. */
  explainUnrouted: boolean;
  matrix: TravelMatrixInput | undefined;
}

export interface Problem {
  id: string | undefined;
  name: string | undefined;
  places: Place[];
  /** Every job of the request: top-level first, then jobs declared inline on routes. */
  jobs: Job[];
  routes: Route[];
  drivers: Driver[];
  vehicles: Vehicle[];
  schedules: Schedule[];
  settings: Settings;
  /** Number of capacity metrics in use (0–4). */
  loadMetrics: number;
  returnRequest: boolean;
  /** The request as sent, without `settings.matrix` (held flat in `settings.matrix`; return-request.ts restores it). */
  source: Record<string, unknown>;
}
