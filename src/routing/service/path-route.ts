/**
 * One route of a `/v1/path` request: its stops snapped, a leg between each pair, and the response route with
 * arrival datetimes, legs' times and distances and, when asked, their geometry. A stop off the network or a
 * pair without a path makes this route's `error` (docs/api.md, Violations), as does a stop on another served map than
 * the route's other stops; the other routes are not affected. A stop
 * its type could only place on a forbidden road is routed with `no_safe_route`. With `route_with_traffic`
 * each leg is chosen and timed in the traffic pattern of the hour it departs in: the previous leg's arrival.
 * With `continue_straight` a via stop is left in the direction it was reached.
 */
import polyline from '@mapbox/polyline';
import { formatDateTime } from '../../conventions/datetime.js';
import { formatLatLon } from '../../conventions/latlon.js';
import { apportion } from '../../conventions/apportion.js';
import { formatTimespan } from '../../conventions/timespan.js';
import { toErrorResponse, validationFailed, type ErrorResponse, type ValidationError } from '../../errors.js';
import type { RoutingMap, ServedMaps } from '../load/attach-routing-map.js';
import { strayFault } from '../area/map-choice.js';
import { legGeometry, type Point } from '../query/leg-geometry.js';
import { routeLeg, type Leg } from '../query/leg.js';
import type { PathEncoding, PathRouteRequest, PathStopRequest } from './path-request.js';
import type { ProfileRouter, RoutingMetric } from '../query/profile-router.js';
import { atVehicleSpeed, metricSelectionOf } from './request-fields.js';
import { continuingOn, reseeded, snapStop, type SnappedStop } from '../query/stop-snap.js';
import { metricAt } from '../traffic/traffic-metric.js';

/** Stop-level violation (docs/api.md, Violations): snapping adds `no_safe_route`, in the planner's shape. */
export interface PathViolation {
  type: string;
  data: { amount: number; limit: number };
}

const NO_SAFE_ROUTE: PathViolation = { type: 'no_safe_route', data: { amount: 1, limit: 0 } };

export interface PathResponseStop {
  /** The location the request gave, as every planning operation reports a stop's place. */
  location: string;
  /** Where the vehicle stops on the road network (ours). */
  snapped_location: string;
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

function noPath(route: PathRouteRequest, from: number): RouteFailure {
  return new RouteFailure({
    property: route.stops[from + 1]!.property,
    code: 'value_out_of_range_error',
    message: `No road path leads from stop ${from} to stop ${from + 1}`,
    parameters: { reason: 'no_path', from_stop: from, to_stop: from + 1 },
  });
}

/**
 * The metric a leg departing at `epochSeconds` drives: the vehicle's, in that hour's traffic when asked, with
 * the turn restrictions in force in that hour.
 */
function legMetric(router: ProfileRouter, route: PathRouteRequest, epochSeconds: number): Promise<RoutingMetric> {
  return metricAt(router, metricSelectionOf(route.vehicle), epochSeconds, route.options.start.offsetMinutes, route.options.routeWithTraffic);
}

/** Legs one after another, each departing when the previous one arrives; durations at the vehicle's speed. */
async function legsBetween(router: ProfileRouter, base: RoutingMetric, route: PathRouteRequest, snapped: SnappedStop[]): Promise<Leg[]> {
  const legs: Leg[] = [];
  let clock = route.options.start.epochSeconds;
  for (let i = 0; i + 1 < snapped.length; i++) {
    const metric = await legMetric(router, route, clock);
    const [stop, to] = metric === base ? [snapped[i]!, snapped[i + 1]!] : [reseeded(router, snapped[i]!, metric), reseeded(router, snapped[i + 1]!, metric)];
    const from = route.continueStraight && i > 0 ? continuingOn(router, stop, legs[i - 1]!.to.arc) : stop;
    const leg = routeLeg(router, metric, from, to);
    if (!leg) throw noPath(route, i);
    legs.push({ ...leg, durationMs: atVehicleSpeed(route.vehicle, leg.durationMs) });
    clock += legs[i]!.durationMs / 1000;
  }
  return legs;
}

/** The off-street stretch of a stop, from the point to where it meets the street (empty on the street). */
function offStreetPoints(stop: PathStopRequest): Point[] {
  if (stop.type !== 'off_street') return [];
  const points: Point[] = [[stop.location.lat, stop.location.lon]];
  if (stop.intersection) points.push([stop.intersection.lat, stop.intersection.lon]);
  return points;
}

function pathFields(points: Point[], encoding: PathEncoding): Pick<PathResponseStop, 'path_to_stop' | 'path_to_stop_enc'> {
  if (encoding === 'encoded_polyline') return { path_to_stop_enc: polyline.encode(points, 5) };
  return { path_to_stop: points.map(([lat, lon]) => formatLatLon({ lat, lon })) };
}

function presentRoute(router: ProfileRouter, route: PathRouteRequest, encoding: PathEncoding, snapped: SnappedStop[], legs: Leg[]): PathResponseRoute {
  const { epochSeconds, offsetMinutes } = route.options.start;
  const legMs = [0, ...legs.map((leg) => leg.durationMs)];
  const totalMs = legMs.reduce((sum, ms) => sum + ms, 0);
  const distanceCm = legs.reduce((sum, leg) => sum + leg.distanceCm, 0);
  // Written in whole seconds that add up to the written driving time (src/conventions/apportion.ts).
  const writtenSeconds = apportion(legMs.map((ms) => ms / 1000), totalMs / 1000);
  let elapsedMs = 0;
  const stops = snapped.map((stop, index): PathResponseStop => {
    const leg = index > 0 ? legs[index - 1]! : undefined;
    elapsedMs += legMs[index]!;
    const [lat, lon] = stop.candidate.point;
    const response: PathResponseStop = {
      location: formatLatLon(route.stops[index]!.location),
      snapped_location: formatLatLon({ lat, lon }),
      arrival_datetime: formatDateTime(epochSeconds + elapsedMs / 1000, offsetMinutes),
      time_to: formatTimespan(writtenSeconds[index]!),
      distance_to_meters: (leg?.distanceCm ?? 0) / 100,
    };
    if (route.returnPath) {
      const points = leg
        ? [...offStreetPoints(route.stops[index - 1]!), ...legGeometry(router.graph, leg), ...offStreetPoints(route.stops[index]!).reverse()]
        : [];
      Object.assign(response, pathFields(points, encoding));
    }
    if (stop.unsafe) response.violations = [NO_SAFE_ROUTE];
    return response;
  });
  return {
    ...(route.id !== undefined && { id: route.id }),
    distance_meters: distanceCm / 100,
    driving_time: formatTimespan(totalMs / 1000),
    stops,
  };
}

/** The map the route's stops lie in; a stop lying only on another map fails the route. */
function mapOfRoute(maps: ServedMaps, route: PathRouteRequest): RoutingMap {
  const { map, strays } = maps.choose(route.stops.map((stop) => ({ property: `${stop.property}.location`, point: stop.location })));
  const stray = strays[0];
  if (stray) throw new RouteFailure({ property: stray.property, ...strayFault(map.summary.name), attempted_value: formatLatLon(stray.point) });
  return map;
}

export async function routePath(maps: ServedMaps, route: PathRouteRequest, encoding: PathEncoding): Promise<PathResponseRoute> {
  try {
    const router = mapOfRoute(maps, route).router(route.vehicle.profile);
    const metric = await router.metric(metricSelectionOf(route.vehicle));
    const snapped = snapAll(router, metric, route);
    return presentRoute(router, route, encoding, snapped, await legsBetween(router, metric, route, snapped));
  } catch (error) {
    if (!(error instanceof RouteFailure)) throw error;
    return { ...(route.id !== undefined && { id: route.id }), error: toErrorResponse(validationFailed([error.fault])) };
  }
}
