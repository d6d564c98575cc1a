/**
 * The violation types of docs/api.md, Violations. The order is the bit order used by the kernels (vrp-layout), so it
 * must only ever be appended to.
 */
export const stopViolationTypes = [
  'job_missed_time_window',
  'job_missed_date_window',
  'job_delivered_on_disallowed_day',
  'missing_route_attributes',
  'disallowed_route_attributes',
  'missing_vehicle_attributes',
  'required_driver_mismatch',
  'forbidden_driver',
  'missing_pre_job_depot_attributes',
  'missing_post_job_depot_attributes',
  'no_safe_route',
] as const;

export const routeViolationTypes = [
  'exceeded_max_working_time',
  'exceeded_max_driving_time',
  'exceeded_end_time',
  'exceeded_load_capacity',
  'exceeded_max_jobs_on_route',
  'break_not_taken',
  'overtime',
] as const;

export type StopViolationType = (typeof stopViolationTypes)[number];
export type RouteViolationType = (typeof routeViolationTypes)[number];
export type ViolationType = StopViolationType | RouteViolationType;

export const violationTypes: readonly ViolationType[] = [...stopViolationTypes, ...routeViolationTypes];
