// The one rule for required values, range parameters and messages, across every operation that validates a body.
import t from 'tap';
import { parseLoginRequest } from '../../src/auth/login-request.js';
import type { ValidationError } from '../../src/errors.js';
import { operation as insert } from '../../src/solver/insert.js';
import { operation as recommend } from '../../src/solver/recommend.js';
import { operation as evaluate } from '../../src/solver/evaluate.js';
import { operation as path } from '../../src/routing/service/path-operation.js';
import { operation as matrix } from '../../src/routing/service/matrix-operation.js';

function faultsOf(validate: (body: unknown) => unknown, body: unknown): ValidationError[] {
  try {
    validate(body);
  } catch (error) {
    return (error as { errors: ValidationError[] }).errors;
  }
  return [];
}

const codeAt = (validate: (body: unknown) => unknown, body: unknown, property: string) =>
  faultsOf(validate, body).find((error) => error.property === property)?.code;

const login = (body: unknown) => parseLoginRequest(body);
const job = { id: 'j', location: '1,1' };

t.test('null where a value is required is null_value_error in every operation', async (t) => {
  t.equal(codeAt(recommend.validate, { job: null }, 'request.job'), 'null_value_error', 'recommend job');
  t.equal(codeAt(insert.validate, { jobs_to_insert: null }, 'request.jobs_to_insert'), 'null_value_error', 'insert jobs_to_insert');
  t.equal(codeAt(evaluate.validate, { jobs: [{ id: 'j', location: null }] }, 'request.jobs[0].location'), 'null_value_error', 'job location');
  t.equal(codeAt(evaluate.validate, { jobs: [null] }, 'request.jobs[0]'), 'null_value_error', 'a job');
  t.equal(codeAt(path.validate, { routes: null }, 'request.routes'), 'null_value_error', 'path routes');
  t.equal(codeAt(path.validate, { routes: [{ stops: [{ location: null }] }] }, 'request.routes[0].stops[0].location'), 'null_value_error', 'path stop');
  t.equal(codeAt(matrix.validate, { sources: null }, 'request.sources'), 'null_value_error', 'matrix sources');
  t.equal(codeAt(login, { username: null, password: 'p', application: 'session' }, 'request.username'), 'null_value_error', 'login');
});

t.test('a missing required field is missing_field_error at the field\'s own path', async (t) => {
  t.equal(codeAt(recommend.validate, { jobs: [job] }, 'request.job'), 'missing_field_error', 'recommend job');
  t.equal(codeAt(path.validate, {}, 'request.routes'), 'missing_field_error', 'path routes');
  t.equal(codeAt(path.validate, { routes: [{}] }, 'request.routes[0].stops'), 'missing_field_error', 'path stops');
  t.equal(codeAt(path.validate, { routes: [{ stops: [{}] }] }, 'request.routes[0].stops[0].location'), 'missing_field_error', 'path stop location');
  t.equal(codeAt(matrix.validate, {}, 'request.sources'), 'missing_field_error', 'matrix sources');
  t.equal(codeAt(evaluate.validate, { markers: [{ id: 'm' }] }, 'request.markers[0].location'), 'missing_field_error', 'marker location');
  t.equal(codeAt(login, { username: 'u', application: 'session' }, 'request.password'), 'missing_field_error', 'login password');
  t.equal(codeAt(evaluate.validate, { jobs: [{ id: 'j' }] }, 'request.jobs[0].location'), 'job_location_missing_error',
    'a job without a location keeps the contract\'s own code');
});

t.test('every out-of-range fault names its bounds with the same parameters', async (t) => {
  const faults = [
    ...faultsOf(evaluate.validate, {
      jobs: [{ id: 'j', location: '1,1', priority: 11, time_on_site: '-00:10' }],
      routes: [{ id: 'r', cost_per_hour: -1, date: '2026-01-05', start_time: '99999999:00' }],
      vehicles: [{ id: 'v', driving_speed_percentage: 0 }],
      settings: { break_interval: '00:00' },
    }),
    ...faultsOf(recommend.validate, { job, max_results: 0 }),
    ...faultsOf(path.validate, { routes: [{ stops: [{ location: '1,1', heading: 360 }], vehicle: { height_meters: 0 } }] }),
  ].filter((error) => error.code === 'value_out_of_range_error');
  t.ok(faults.length >= 8, `${faults.length} range faults`);
  const rangeNames = new Set(['minimum', 'maximum', 'exclusive_minimum', 'exclusive_maximum']);
  for (const fault of faults) {
    const names = Object.keys(fault.parameters ?? {});
    t.ok(names.length > 0 && names.every((name) => rangeNames.has(name)), `${fault.property}: ${names.join(', ')}`);
  }
});

t.test('messages say what was expected', async (t) => {
  const faults = [
    ...faultsOf(evaluate.validate, { jobs: [{ id: 'j', location: null, priority: 'high', load: true }, 7], settings: { time_windows_as_hard_constraint: 3 } }),
    ...faultsOf(recommend.validate, { job: 'j' }),
    ...faultsOf(path.validate, { routes: 'all' }),
    ...faultsOf(login, { username: 3, password: null, application: 'cookie' }),
  ];
  t.ok(faults.length >= 8, `${faults.length} faults`);
  for (const fault of faults) t.match(fault.message, /^Expected /, `${fault.property}: ${fault.message}`);
  const priority = faults.find((fault) => fault.property === 'request.jobs[0].priority')!;
  t.match(priority.message, /an integer/, 'a quoted-number field says it wants a number');
});
