/** Request size limits (docs/api.md, Limits: `too_many_items_error`): beyond these a request is refused up front. */
export const sizeLimits = {
  jobs: 100_000,
  routes: 10_000,
  markers: 100_000,
  drivers: 10_000,
  vehicles: 10_000,
  schedules: 10_000,
  stopsPerRoute: 10_000,
  breaksPerRoute: 100,
  attributes: 1_000,
  datesPerJob: 1_000,
  capacityMetrics: 4,
  matrixSide: 10_000,
} as const;
