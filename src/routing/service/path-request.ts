/**
 * `/v1/path` request (docs/api.md, Path) parsed in the worker: every fault collected with its property
 * path, quoted booleans and numbers accepted, unknown fields ignored (docs/api.md, Errors and validation codes).
 */
import { FaultList, outOfRange, type Parsed } from '../../conventions/faults.js';
import type { LatLon } from '../../conventions/latlon.js';
import { parseNumber } from '../../conventions/scalars.js';
import { validationFailed } from '../../errors.js';
import { asObject, Fields } from '../../problem/normalize/fields.js';
import { enumValue, readRoutingOptions, readVehicle, requiredList, tooMany, type RoutingOptions, type VehicleRequest } from './request-fields.js';

export const PATH_ENCODINGS = ['json', 'encoded_polyline'] as const;
export const STOP_TYPES = ['off_street', 'on_street', 'vehicle'] as const;
export type PathEncoding = (typeof PATH_ENCODINGS)[number];
export type StopType = (typeof STOP_TYPES)[number];

/** Bounds of one request, beyond which it is refused up front (`too_many_items_error`). */
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

function parseHeading(value: unknown): Parsed<number> {
  const number = parseNumber(value);
  if (number.ok && !(number.value >= 0 && number.value < 360)) {
    return outOfRange('Expected a heading in degrees, from 0 up to but not including 360', { minimum: 0, exclusive_maximum: 360 });
  }
  return number;
}

function readStop(stop: Fields): PathStopRequest | undefined {
  stop.require('location', 'a location "<latitude>,<longitude>"');
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
  const stops = requiredList(route, 'stops', PATH_LIMITS.stopsPerRoute) ? route.objects('stops').map(readStop) : [];
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

/** Objects expected in a list: anything else is faulted at its index. */
function faultNonObjects(fields: Fields, name: string): void {
  const values = fields.object[name];
  if (!Array.isArray(values)) return;
  values.forEach((value, index) => {
    if (asObject(value)) return;
    const code = value === null ? 'null_value_error' : 'invalid_type_error';
    fields.faults.add(`${fields.pathOf(name)}[${index}]`, { code, message: 'Expected an object' }, value);
  });
}

export function parsePathRequest(body: unknown, now = Date.now() / 1000): PathRequest {
  const faults = new FaultList();
  const object = asObject(body);
  if (!object) throw validationFailed([{ property: 'request', code: 'invalid_type_error', message: 'The body must be a JSON object' }]);
  const request = new Fields(faults, 'request', object);
  const encoding = request.read('path_encoding', enumValue(PATH_ENCODINGS)) ?? 'json';
  const routes = requiredList(request, 'routes', PATH_LIMITS.routes) ? request.objects('routes').map((route) => readRoute(route, now)) : [];
  faultNonObjects(request, 'routes');
  const stopCount = routes.reduce((sum, route) => sum + route.stops.length, 0);
  if (stopCount > PATH_LIMITS.stops) {
    tooMany(request, 'routes', `At most ${PATH_LIMITS.stops} stops in all routes together are accepted`, PATH_LIMITS.stops);
  }
  for (const route of request.objects('routes')) faultNonObjects(route, 'stops');
  if (!faults.empty) throw validationFailed(faults.errors);
  return { encoding, routes };
}
