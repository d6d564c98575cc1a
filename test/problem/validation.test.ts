import t from 'tap';
import { AppError } from '../../src/errors.js';
import { collectProblem, parseProblem } from '../../src/problem/parse-problem.js';
import { manyFaults, manyFaultsProblem, validationCases } from '../helpers/validation-cases.js';

const faultsOf = (body: unknown) => collectProblem(body).faults.errors.map((error) => `${error.property} ${error.code}`);

t.test('a problem with many faults lists every one of them with its path and code', async (t) => {
  t.same(faultsOf(manyFaultsProblem).sort(), manyFaults);
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
