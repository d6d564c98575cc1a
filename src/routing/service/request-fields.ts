/**
 * The fields `/v1/path` and `/v1/matrix` share: the vehicle and the routing options. Read
 * through the same Fields reader as the planning problem, so quoted numbers and booleans are accepted and
 * every fault keeps its path (`request.routes[0].vehicle.height_meters`).
 */
import { failed, outOfRange, parsed, type Parsed } from '../../conventions/faults.js';
import { parseDateTime, type DateTime } from '../../conventions/datetime.js';
import { parseNumber, parseSpeedPercentage } from '../../conventions/scalars.js';
import { dimensionClassOf, VEHICLE_DIMENSION_FIELDS, type VehicleDimensions } from '../../map/profiles/dimension-classes.js';
import type { ProfileName } from '../../map/profiles/index.js';
import type { Fields } from '../../problem/normalize/fields.js';
import type { MetricSelection } from '../query/metric-selection.js';

export interface VehicleRequest extends VehicleDimensions {
  profile: ProfileName;
  /** Drives at this share of the speeds the metric assumes (100 = as mapped). */
  drivingSpeedPercentage?: number;
}

export interface RoutingOptions {
  routeWithTraffic: boolean;
  /** When the route starts; the request's arrival time when not given. */
  start: DateTime;
}

export function enumValue<T extends string>(values: readonly T[]): (value: unknown) => Parsed<T> {
  return (value) =>
    typeof value === 'string' && (values as readonly string[]).includes(value)
      ? parsed(value as T)
      : failed('invalid_enum_value_error', `Expected one of ${values.join(', ')}`, { allowed_values: values });
}

function positive(value: unknown): Parsed<number> {
  const number = parseNumber(value);
  if (number.ok && !(number.value > 0)) return outOfRange('Expected a value above 0', { exclusive_minimum: 0 });
  return number;
}

export function readVehicle(vehicle: Fields | undefined): VehicleRequest {
  if (!vehicle) return { profile: 'auto' };
  const request: VehicleRequest = { profile: vehicle.read('vehicle_type', enumValue(['auto', 'truck'] as const)) ?? 'auto' };
  for (const [field, key] of VEHICLE_DIMENSION_FIELDS) {
    const value = vehicle.read(field, positive);
    if (value !== undefined) request[key] = value;
  }
  const speedPercentage = vehicle.read('driving_speed_percentage', parseSpeedPercentage);
  if (speedPercentage !== undefined) request.drivingSpeedPercentage = speedPercentage;
  return request;
}

/**
 * Duration at the vehicle's driving speed percentage. The whole duration scales, fixed delays (signals,
 * ferries) included, exactly as the planner scales its matrices; route choice stays that of the metric.
 */
export function atVehicleSpeed(vehicle: VehicleRequest, durationMs: number): number {
  const percentage = vehicle.drivingSpeedPercentage ?? 100;
  return percentage === 100 ? durationMs : (durationMs * 100) / percentage;
}

/** Trucks drive their dimension class's metric; cars the map's default one. */
export function metricSelectionOf(vehicle: VehicleRequest): MetricSelection {
  if (vehicle.profile !== 'truck') return {};
  return { dimensionClass: dimensionClassOf(vehicle) };
}

export function readRoutingOptions(options: Fields | undefined, now: number): RoutingOptions {
  return {
    routeWithTraffic: options?.boolean('route_with_traffic') ?? false,
    start: options?.read('routing_date_time', parseDateTime) ?? { epochSeconds: now, offsetMinutes: 0 },
  };
}
