import t from 'tap';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { manyFaults, manyFaultsProblem, validationCases } from '../helpers/validation-cases.js';

let server: TestServer;

t.before(async () => {
  server = await startTestServer();
});
t.teardown(() => server.close());

t.test('each validation code comes back through HTTP as a 400 with its path, from validate and evaluate alike', async (t) => {
  for (const [code, body, property] of validationCases) {
    for (const endpoint of ['/v1/validate', '/v1/evaluate']) {
      const response = await server.request(endpoint, { method: 'POST', json: body });
      const answer = (await response.json()) as { error_code: string; errors: { property: string; code: string; status_code: string }[] };
      t.equal(response.status, 400, `${endpoint} ${code}`);
      t.same(answer.errors.map((error) => [error.property, error.code, error.status_code]), [[property, code, '400']], `${endpoint} ${code}`);
    }
  }
});


interface FaultAnswer {
  message: string;
  errors: { property: string; code: string }[];
  extra_error_information: { validation_failures_count: number };
}

async function faultsFrom(endpoint: string, body: unknown): Promise<{ status: number; faults: string[]; answer: FaultAnswer }> {
  const response = await server.request(endpoint, { method: 'POST', json: body });
  const answer = (await response.json()) as FaultAnswer;
  return { status: response.status, faults: answer.errors.map((error) => `${error.property} ${error.code}`).sort(), answer };
}

t.test('a problem with 24 faults is answered with all of them and their count by validate and every planning endpoint', async (t) => {
  for (const endpoint of ['/v1/validate', '/v1/evaluate', '/v1/build', '/v1/optimize', '/v1/sequence']) {
    const { status, faults, answer } = await faultsFrom(endpoint, manyFaultsProblem);
    t.equal(status, 400, endpoint);
    t.same(faults, manyFaults, `${endpoint} lists every fault`);
    t.equal(answer.extra_error_information.validation_failures_count, manyFaults.length, `${endpoint} counts them`);
    t.equal(answer.message, `${manyFaults.length} validation errors found`);
  }
});

t.test('validate checks the fields of insert, recommend and consolidate bodies as those endpoints do', async (t) => {
  const problem = { markers: [{ id: 'm', location: '0,0' }], routes: [{ id: 'r', location: 'm' }], settings: { matrix: { durations: [[0]], distances: [[0]] } } };
  const bodies: [string, Record<string, unknown>, string[]][] = [
    ['/v1/insert', { ...problem, jobs_to_insert: [{ id: 'x' }], allow_hard_constraint_violations: 'perhaps' },
      ['request.allow_hard_constraint_violations invalid_type_error', 'request.jobs_to_insert[0].location job_location_missing_error']],
    ['/v1/recommend', { ...problem, job: { id: 'x', location: 'm' }, max_results: 0 }, ['request.max_results value_out_of_range_error']],
    ['/v1/consolidate_by_route_assignments', { ...problem, max_gap_meters: -5 }, ['request.max_gap_meters value_out_of_range_error']],
  ];
  for (const [endpoint, body, expected] of bodies) {
    const own = await faultsFrom(endpoint, body);
    t.equal(own.status, 400, endpoint);
    t.same(own.faults, expected, `${endpoint} answers its own faults`);
    const validated = await faultsFrom('/v1/validate', body);
    t.equal(validated.status, 400, `validate of a ${endpoint} body`);
    t.same(validated.faults, expected, `validate of a ${endpoint} body answers the same faults`);
  }
});

t.test('a problem-based body with none of those faults is valid', async (t) => {
  const response = await server.request('/v1/validate', {
    method: 'POST',
    json: { markers: [{ id: 'm', location: '0,0' }], routes: [{ id: 'r', location: 'm' }], job: { id: 'x', location: 'm' }, settings: { matrix: { durations: [[0]], distances: [[0]] } } },
  });
  t.equal(response.status, 200);
  t.same(await response.json(), { valid: true });
});
