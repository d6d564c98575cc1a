/** One small problem per validation code, with the path its single fault must have. */
export const validationCases: [code: string, body: unknown, property: string][] = [
  ['job_location_missing_error', { jobs: [{ id: 'j' }] }, 'request.jobs[0].location'],
  ['route_dates_mismatch_error', { routes: [{ id: 'a', date: '2026-01-01' }, { id: 'b' }] }, 'request.routes[1].date'],
  ['routes_with_schedules_must_have_dates_error', { routes: [{ id: 'a' }], schedules: [{ id: 's' }] }, 'request.routes[0].date'],
  ['null_value_error', { jobs: [null] }, 'request.jobs[0]'],
  ['missing_id_error', { vehicles: [{}] }, 'request.vehicles[0].id'],
  ['duplicate_id_error', { drivers: [{ id: 'd' }, { id: 'd' }] }, 'request.drivers[1].id'],
  ['unknown_reference_error', { routes: [{ id: 'r', driver: 'nobody' }] }, 'request.routes[0].driver'],
  ['invalid_latlon_error', { jobs: [{ id: 'j', location: '1,200' }] }, 'request.jobs[0].location'],
  ['invalid_timespan_error', { routes: [{ id: 'r', max_working_time: '8 hours' }] }, 'request.routes[0].max_working_time'],
  ['invalid_date_error', { routes: [{ id: 'r', date: '22/11/2026' }] }, 'request.routes[0].date'],
  ['invalid_enum_value_error', { vehicles: [{ id: 'v', vehicle_type: 'bicycle' }] }, 'request.vehicles[0].vehicle_type'],
  ['value_out_of_range_error', { routes: [{ id: 'r', cost_per_hour: -1 }] }, 'request.routes[0].cost_per_hour'],
  ['value_out_of_range_error', { vehicles: [{ id: 'v', driving_speed_percentage: '0' }] }, 'request.vehicles[0].driving_speed_percentage'],
  ['value_out_of_range_error', { routes: [{ id: 'r', load_capacity: '-2' }] }, 'request.routes[0].load_capacity'],
  ['value_out_of_range_error', { jobs: [{ id: 'j', location: '0,0', time_on_site: '-00:10' }] }, 'request.jobs[0].time_on_site'],
  ['value_out_of_range_error', { vehicles: [{ id: 'v', driving_speed_percentage: 1e-300 }] }, 'request.vehicles[0].driving_speed_percentage'],
  ['value_out_of_range_error', { routes: [{ id: 'r', date: '2026-01-05', start_time: '99999999999999999:00' }] }, 'request.routes[0].start_time'],
  ['invalid_type_error', { markers: [{ id: 'P', location: '0,0' }], settings: { matrix: { durations: [['x']], distances: [[0]] } } }, 'request.settings.matrix.durations[0][0]'],
  ['time_window_end_before_start_error', { jobs: [{ id: 'j', location: '0,0', time_window2: { start: '10:00', end: '09:59' } }] }, 'request.jobs[0].time_window2'],
  ['mutually_exclusive_fields_error', { vehicles: [{ id: 'v', depot: '0,0', end_location: '0,1' }] }, 'request.vehicles[0].end_location'],
  ['too_many_capacity_metrics_error', { routes: [{ id: 'r', load_capacities: [1, 1, 1, 1, 1] }] }, 'request.routes[0].load_capacities'],
  ['invalid_type_error', { return_request: 'perhaps' }, 'request.return_request'],
  ['too_many_items_error', { routes: [{ id: 'r', breaks: Array.from({ length: 101 }, () => ({ start: '12:00', length: '00:10' })) }] }, 'request.routes[0].breaks'],
];

const depot = { id: 'depot', location: '43.73,7.42', is_depot: true };

/** A problem with 24 faults of many kinds at once; `manyFaults` lists them as `path code`, sorted. */
export const manyFaultsProblem = {
  markers: [depot, { id: 'depot', location: '91,0' }],
  jobs: [
    { id: 'a', location: '43.74, 7.43', time_window: { start: '09:00', end: '08:00' }, load: 3, loads: [1] },
    { id: 'a', location: 'nowhere' },
    { location: '1,1', time_on_site: '1h' },
    null,
    { id: 'c', location: null, priority: '11', required_driver: 'ghost' },
    { id: 'd', location: 'depot', loads: [1, 2, 3, 4, 5], date: '2026-02-30', allowed_days_of_week: ['funday'] },
  ],
  routes: [
    { id: 'r1', date: '2026-11-22', jobs: ['a', 'zzz', { id: 'e', location: '1,2' }], vehicle: 'v9', start_time: 'noon' },
    { id: 'r2', jobs: ['a'], location: '1,1', start_location: '1,2', breaks: [{ start: '12:00' }] },
  ],
  settings: { time_windows_as_hard_constraint: 'yes', matrix: { durations: [[0]], distances: [[0]] } },
};

export const manyFaults = [
  'request.jobs[0].loads mutually_exclusive_fields_error',
  'request.jobs[0].time_window time_window_end_before_start_error',
  'request.jobs[1].id duplicate_id_error',
  'request.jobs[1].location unknown_reference_error',
  'request.jobs[2].id missing_id_error',
  'request.jobs[2].time_on_site invalid_timespan_error',
  'request.jobs[3] null_value_error',
  'request.jobs[4].location job_location_missing_error',
  'request.jobs[4].priority value_out_of_range_error',
  'request.jobs[4].required_driver unknown_reference_error',
  'request.jobs[5].allowed_days_of_week[0] invalid_enum_value_error',
  'request.jobs[5].date invalid_date_error',
  'request.jobs[5].loads too_many_capacity_metrics_error',
  'request.markers[1].location invalid_latlon_error',
  'request.routes[0].jobs[1] unknown_reference_error',
  'request.routes[0].start_time invalid_timespan_error',
  'request.routes[0].vehicle unknown_reference_error',
  'request.routes[1].breaks[0].length invalid_timespan_error',
  'request.routes[1].date route_dates_mismatch_error',
  'request.routes[1].jobs[0] duplicate_id_error',
  'request.routes[1].start_location mutually_exclusive_fields_error',
  'request.settings.matrix.distances value_out_of_range_error',
  'request.settings.matrix.durations value_out_of_range_error',
  'request.settings.time_windows_as_hard_constraint invalid_type_error',
];
