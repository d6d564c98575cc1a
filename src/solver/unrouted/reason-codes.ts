/**
 * Which violation types, when a job alone on an emptied route has them, block that route for it, and under
 * which reason code (docs/planning-model.md, "Why a job is unrouted"). A type blocks when the
 * search refuses it: every type but missed windows (when windows are soft), overtime and breaks not taken,
 * and any type listed in `settings.critical_violations` (then the code says so).
 */
import type { Settings } from '../../problem/model.js';
import type { AloneReasonCode } from '../../problem/unrouted-reason-codes.js';
import type { ViolationType } from '../../problem/violation-types.js';

/** The code of each type that blocks by itself (no_safe_route is told apart from no_road_path by the legs). */
const codeOfType: Record<ViolationType, AloneReasonCode> = {
  missing_route_attributes: 'route_attributes_missing',
  disallowed_route_attributes: 'route_attributes_disallowed',
  missing_vehicle_attributes: 'vehicle_attributes_missing',
  required_driver_mismatch: 'driver_required',
  forbidden_driver: 'driver_forbidden',
  job_missed_date_window: 'date_not_allowed',
  job_delivered_on_disallowed_day: 'date_not_allowed',
  job_missed_time_window: 'time_window_unreachable',
  exceeded_end_time: 'shift_too_short',
  exceeded_max_working_time: 'shift_too_short',
  exceeded_max_driving_time: 'shift_too_short',
  exceeded_load_capacity: 'capacity_exceeded',
  exceeded_max_jobs_on_route: 'route_takes_no_jobs',
  no_safe_route: 'no_safe_route',
  missing_pre_job_depot_attributes: 'depot_attributes_unavailable',
  missing_post_job_depot_attributes: 'depot_attributes_unavailable',
  overtime: 'critical_violation',
  break_not_taken: 'critical_violation',
};

function softByDefault(type: ViolationType, settings: Settings): boolean {
  return type === 'overtime' || type === 'break_not_taken' || (type === 'job_missed_time_window' && !settings.timeWindowsAsHardConstraint);
}

/** The code of a violation that blocks the route, or undefined for one the search accepts. */
export function blockingCode(type: ViolationType, settings: Settings): AloneReasonCode | undefined {
  if (!softByDefault(type, settings)) return codeOfType[type];
  return settings.criticalViolations.includes(type) ? 'critical_violation' : undefined;
}
