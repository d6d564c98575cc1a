/**
 * `/v1/path` request (docs/api.md, Path) read in the worker after its published schema (request-schemas.ts)
 * has checked types, enums, ranges and sizes: here the formats, quoted numbers and booleans, and the limit across
 * routes. Every fault keeps its property path; unknown fields are ignored (docs/api.md, Errors and validation codes).
 */
import { outOfRange, type FaultList, type Parsed } from '../../conventions/faults.js';
import type { LatLon } from '../../conventions/latlon.js';
import { parseNumber } from '../../conventions/scalars.js';
import { asObject, Fields } from '../../problem/normalize/fields.js';
import { enumValue, readRoutingOptions, readVehicle, type RoutingOptions, type VehicleRequest } from './request-fields.js';

export const PATH_ENCODINGS = ['json', 'encoded_polyline'] as const;
export const STOP_TYPES = ['off_street', 'on_street', 'vehicle'] as const;
export type PathEncoding = (typeof PATH_ENCODINGS)[number];
export type StopType = (typeof STOP_TYPES)[number];

/** Bounds of one request, beyond which it is refused (`too_many_items_error`). */
export const PATH_LIMITS = { routes: 1000, stopsPerRoute: 1000, stops: 20_000 } as const;

export interface PathStopRequest {
  /** JSON path of the stop, for the route's error. */
  property: string;
  location: LatLon;
  type?: StopType;
  intersection?: LatLon;
  heading?: number;
}

export interface PathRouteRequest {
  property: string;
  id?: string;
  vehicle: VehicleRequest;
  options: RoutingOptions;
  returnPath: boolean;
  /** Leave a via stop in the direction it was reached: no turning back at the stop (default: trucks only). */
  continueStraight: boolean;
  stops: PathStopRequest[];
}

export interface PathRequest {
  encoding: PathEncoding;
  routes: PathRouteRequest[];
}

/** Degrees from north; checked here too for quoted numbers, which a schema's range does not constrain. */
export const HEADING_RANGE = { minimum: 0, exclusive_maximum: 360 } as const;

function parseHeading(value: unknown): Parsed<number> {
  const number = parseNumber(value);
  if (number.ok && !(number.value >= HEADING_RANGE.minimum && number.value < HEADING_RANGE.exclusive_maximum)) {
    return outOfRange('Expected a heading in degrees, from 0 up to but not including 360', HEADING_RANGE);
  }
  return number;
}

function readStop(stop: Fields): PathStopRequest | undefined {
  const location = stop.latlon('location');
  const type = stop.read('type', enumValue(STOP_TYPES));
  const intersection = stop.latlon('intersection');
  const heading = stop.read('heading', parseHeading);
  if (!location) return undefined;
  return {
    property: stop.path, location,
    ...(type && { type }), ...(intersection && { intersection }), ...(heading !== undefined && { heading }),
  };
}

function readRoute(route: Fields, now: number): PathRouteRequest {
  const options = route.nested('routing_options');
  const stops = route.objects('stops').map(readStop);
  const id = route.text('id');
  const vehicle = readVehicle(route.nested('vehicle'));
  return {
    property: route.path,
    ...(id !== undefined && { id }),
    vehicle,
    options: readRoutingOptions(options, now),
    returnPath: options?.boolean('return_path') ?? false,
    continueStraight: options?.boolean('continue_straight') ?? vehicle.profile === 'truck',
    stops: stops.filter((stop): stop is PathStopRequest => stop !== undefined),
  };
}

/** The request of a body (undefined when it is not an object); faults beyond the schema's go to `faults`. */
export function readPathRequest(body: unknown, faults: FaultList, now = Date.now() / 1000): PathRequest | undefined {
  const object = asObject(body);
  if (!object) return undefined;
  const request = new Fields(faults, 'request', object);
  const encoding = request.read('path_encoding', enumValue(PATH_ENCODINGS)) ?? 'json';
  const routes = request.objects('routes').map((route) => readRoute(route, now));
  const stopCount = routes.reduce((sum, route) => sum + route.stops.length, 0);
  if (stopCount > PATH_LIMITS.stops) {
    faults.add(request.pathOf('routes'), {
      code: 'too_many_items_error', message: `At most ${PATH_LIMITS.stops} stops in all routes together are accepted`, parameters: { limit: PATH_LIMITS.stops },
    });
  }
  return { encoding, routes };
}
