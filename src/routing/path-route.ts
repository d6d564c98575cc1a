/**
 * One route of a `/v1/path` request: its stops snapped, a leg between each pair, and the response route with
 * arrival datetimes, legs' times and distances and, when asked, their geometry. A stop off the network or a
 * pair without a path makes this route's `error` (extensions §6); the other routes are not affected.
 */
import polyline from '@mapbox/polyline';
import { formatDateTime } from '../conventions/datetime.js';
import { formatLatLon } from '../conventions/latlon.js';
import { formatTimespan } from '../conventions/timespan.js';
import { toErrorResponse, validationFailed, type ErrorResponse, type ValidationError } from '../errors.js';
import type { RoutingMap } from './attach-routing-map.js';
import { legGeometry, type Point } from './leg-geometry.js';
import { routeLeg, type Leg } from './leg.js';
import type { PathEncoding, PathRouteRequest } from './path-request.js';
import type { ProfileRouter, RoutingMetric } from './profile-router.js';
import { metricSelectionOf } from './request-fields.js';
import { snapStop, type SnappedStop } from './stop-snap.js';

/** Stop-level violation (extensions §6); issue 4's snapping rules add `no_safe_route`. */
export interface PathViolation {
  type: string;
  data: Record<string, unknown>;
}

export interface PathResponseStop {
  location: string;
  arrival_datetime: string;
  time_to: string;
  distance_to_meters: number;
  path_to_stop?: string[];
  path_to_stop_enc?: string;
  violations?: PathViolation[];
}

export interface PathResponseRoute {
  id?: string;
  distance_meters?: number;
  driving_time?: string;
  stops?: PathResponseStop[];
  error?: ErrorResponse;
}

/** A route that cannot be calculated, for a reason tied to one of its stops. */
class RouteFailure extends Error {
  constructor(readonly fault: ValidationError) {
    super(fault.message);
  }
}

function snapAll(router: ProfileRouter, metric: RoutingMetric, route: PathRouteRequest): SnappedStop[] {
  return route.stops.map((stop, index) => {
    const snapped = snapStop(router, stop, metric);
    if (snapped) return snapped;
    throw new RouteFailure({
      property: `${stop.property}.location`,
      code: 'value_out_of_range_error',
      message: `Stop ${index} is farther from any road this vehicle may use than the snap radius`,
      parameters: { reason: 'beyond_snap_radius' },
      attempted_value: formatLatLon(stop.location),
    });
  });
}

function legsBetween(router: ProfileRouter, metric: RoutingMetric, route: PathRouteRequest, snapped: SnappedStop[]): Leg[] {
  return snapped.slice(1).map((to, i) => {
    const leg = routeLeg(router, metric, snapped[i]!, to);
    if (leg) return leg;
    throw new RouteFailure({
      property: route.stops[i + 1]!.property,
      code: 'value_out_of_range_error',
      message: `No road path leads from stop ${i} to stop ${i + 1}`,
      parameters: { reason: 'no_path', from_stop: i, to_stop: i + 1 },
    });
  });
}

function pathFields(points: Point[], encoding: PathEncoding): Pick<PathResponseStop, 'path_to_stop' | 'path_to_stop_enc'> {
  if (encoding === 'encoded_polyline') return { path_to_stop_enc: polyline.encode(points, 5) };
  return { path_to_stop: points.map(([lat, lon]) => formatLatLon({ lat, lon })) };
}

function presentRoute(router: ProfileRouter, route: PathRouteRequest, encoding: PathEncoding, snapped: SnappedStop[], legs: Leg[]): PathResponseRoute {
  const { epochSeconds, offsetMinutes } = route.options.start;
  let elapsedMs = 0, distanceCm = 0;
  const stops = snapped.map((stop, index): PathResponseStop => {
    const leg = index > 0 ? legs[index - 1]! : undefined;
    elapsedMs += leg?.durationMs ?? 0;
    distanceCm += leg?.distanceCm ?? 0;
    const [lat, lon] = stop.candidate.point;
    const response: PathResponseStop = {
      location: formatLatLon({ lat, lon }),
      arrival_datetime: formatDateTime(epochSeconds + elapsedMs / 1000, offsetMinutes),
      time_to: formatTimespan((leg?.durationMs ?? 0) / 1000),
      distance_to_meters: (leg?.distanceCm ?? 0) / 100,
    };
    if (route.returnPath) Object.assign(response, pathFields(leg ? legGeometry(router.graph, leg) : [], encoding));
    return response;
  });
  return {
    ...(route.id !== undefined && { id: route.id }),
    distance_meters: distanceCm / 100,
    driving_time: formatTimespan(elapsedMs / 1000),
    stops,
  };
}

export async function routePath(map: RoutingMap, route: PathRouteRequest, encoding: PathEncoding): Promise<PathResponseRoute> {
  const router = map.router(route.vehicle.profile);
  const metric = await router.metric(metricSelectionOf(route.vehicle));
  try {
    const snapped = snapAll(router, metric, route);
    return presentRoute(router, route, encoding, snapped, legsBetween(router, metric, route, snapped));
  } catch (error) {
    if (!(error instanceof RouteFailure)) throw error;
    return { ...(route.id !== undefined && { id: route.id }), error: toErrorResponse(validationFailed([error.fault])) };
  }
}
