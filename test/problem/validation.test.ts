import t from 'tap';
import { AppError } from '../../src/errors.js';
import { collectProblem, parseProblem } from '../../src/problem/parse-problem.js';
import { validationCases } from '../helpers/validation-cases.js';

const faultsOf = (body: unknown) => collectProblem(body).faults.errors.map((error) => `${error.property} ${error.code}`);

const depot = { id: 'depot', location: '43.73,7.42', is_depot: true };

t.test('a problem with many faults lists every one of them with its path and code', async (t) => {
  const body = {
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
  t.same(faultsOf(body).sort(), [
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
  ]);
});

t.test('parseProblem throws one validation_failed_error carrying the count and attempted values', async (t) => {
  const error = t.throws(() => parseProblem({ jobs: [{ id: 'x', location: '100,0' }, { id: 'y' }] })) as AppError;
  t.equal(error.code, 'validation_failed_error');
  t.equal(error.message, '2 validation errors found');
  t.same(error.extra, { validation_failures_count: 2 });
  t.match(error.errors, [
    { property: 'request.jobs[0].location', code: 'invalid_latlon_error', attempted_value: '100,0', status_code: '400' },
    { property: 'request.jobs[1].location', code: 'job_location_missing_error' },
  ]);
});

t.test('each validation code is produced by its own fault', async (t) => {
  for (const [code, body, property] of validationCases) {
    t.same(faultsOf(body), [`${property} ${code}`], code);
  }
});

t.test('quoted booleans and numbers are accepted, unknown fields ignored', async (t) => {
  const problem = parseProblem({
    jobs: [{ id: 'j', location: '1, 2', priority: '3', load: '2.5', favourite_colour: 'blue' }],
    routes: [{ id: 'r', jobs: ['j'], cost_per_km: '0.5', breaks_relative_to_start: 'false' }],
    settings: { time_windows_as_hard_constraint: 'false' },
    something_new: { nested: true },
  });
  t.equal(problem.jobs[0]!.priority, 3);
  t.same(problem.jobs[0]!.loads, [2.5]);
  t.equal(problem.routes[0]!.costPerKm, 0.5);
  t.equal(problem.settings.timeWindowsAsHardConstraint, false);
});

t.test('a body that is not an object is one invalid_type_error at the root', async (t) => {
  t.same(faultsOf([1, 2]), ['request invalid_type_error']);
});
