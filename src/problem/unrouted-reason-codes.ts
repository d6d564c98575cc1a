/**
 * The codes of the `reasons` an unrouted job of build, optimize or insert is given (docs/planning-model.md,
 * "Why a job is unrouted"). The alone codes name what keeps the job off a route even with no other job on it.
 */
const aloneReasonCodes = [
  'route_attributes_missing',
  'route_attributes_disallowed',
  'vehicle_attributes_missing',
  'driver_required',
  'driver_forbidden',
  'date_not_allowed',
  'time_window_unreachable',
  'shift_too_short',
  'capacity_exceeded',
  'route_takes_no_jobs',
  'no_road_path',
  'no_safe_route',
  'depot_attributes_unavailable',
  'critical_violation',
] as const;

export type AloneReasonCode = (typeof aloneReasonCodes)[number];
export type ReasonCode = AloneReasonCode | 'displaced' | 'insertable' | 'no_routes';

export const reasonCodes: readonly ReasonCode[] = [...aloneReasonCodes, 'displaced', 'insertable', 'no_routes'];
