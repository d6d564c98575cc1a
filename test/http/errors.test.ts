import t from 'tap';
import { maxBodyDepth } from '../../src/operations/json-depth.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

let server: TestServer;
t.before(async () => {
  server = await startTestServer({ env: { FLEETROUTE_BODY_LIMIT_MB: '0.01' } });
});
t.teardown(() => server.close());

async function errorOf(response: Response): Promise<Record<string, unknown>> {
  t.equal(response.headers.get('content-type')?.split(';')[0], 'application/json');
  return (await response.json()) as Record<string, unknown>;
}

t.test('an unknown path is 404 not_found_error', async (t) => {
  const response = await server.request('/v1/no_such_endpoint', { method: 'POST', json: {} });
  t.equal(response.status, 404);
  t.match(await errorOf(response), { status_code: 404, error_code: 'not_found_error' });
  const outside = await server.request('/nowhere', { auth: false });
  t.equal(outside.status, 404);
});

t.test('a url the router cannot read (an over-long task id, a broken percent-encoding) is 404 not_found_error too', async (t) => {
  for (const path of [`/v1/tasks/${'x'.repeat(5_000)}/result`, '/v1/tasks/%zz/result']) {
    const response = await server.request(path);
    t.equal(response.status, 404, path.slice(0, 40));
    t.ok(response.headers.get('x-request-id'));
    t.match(await errorOf(response), { status_code: 404, error_code: 'not_found_error' });
  }
});

t.test('a known path with the wrong method is 405 method_not_allowed_error naming the allowed method', async (t) => {
  const response = await server.request('/v1/test_sleep');
  t.equal(response.status, 405);
  t.equal(response.headers.get('allow'), 'POST');
  t.match(await errorOf(response), { status_code: 405, error_code: 'method_not_allowed_error' });
  const parametric = await server.request('/v1/tasks/some-id/result', { method: 'DELETE' });
  t.equal(parametric.status, 405, 'parametric routes are recognised too');
});

t.test('a body that is not JSON is 415 unsupported_media_type_error', async (t) => {
  const response = await server.request('/v1/test_sleep', { method: 'POST', body: 'ms=1', headers: { 'content-type': 'text/plain' } });
  t.equal(response.status, 415);
  t.match(await errorOf(response), { status_code: 415, error_code: 'unsupported_media_type_error' });
});

t.test('JSON with a charset parameter is accepted and a request without a body is never a 415', async (t) => {
  const withCharset = await server.request('/v1/test_sleep?wait=1', {
    method: 'POST',
    body: JSON.stringify({ ms: 0, value: 1 }),
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
  t.equal(withCharset.status, 200);
  const empty = await server.request('/v1/test_sleep', { method: 'POST' });
  t.not(empty.status, 415);
});

t.test('broken JSON is 400 validation_failed_error with invalid_json_error at its line and position', async (t) => {
  const response = await server.request('/v1/test_sleep', {
    method: 'POST',
    body: '{\n  "ms": 1,\n  "value": nope\n}',
    headers: { 'content-type': 'application/json' },
  });
  t.equal(response.status, 400);
  const body = await errorOf(response);
  t.match(body, { status_code: 400, error_code: 'validation_failed_error', extra_error_information: { validation_failures_count: 1 } });
  const [error] = body.errors as Array<Record<string, unknown>>;
  t.match(error, { property: 'request', code: 'invalid_json_error', line: 3, status_code: '400' });
  t.equal(error!.position, 12, 'the column where the parser stopped');
  t.match(body.message, /1 validation error/);
});

t.test('a body above the limit is 400 validation_failed_error with too_many_items_error', async (t) => {
  const response = await server.request('/v1/test_sleep', { method: 'POST', json: { value: 'x'.repeat(20_000) } });
  t.equal(response.status, 400);
  const body = await errorOf(response);
  t.match(body, { error_code: 'validation_failed_error', errors: [{ code: 'too_many_items_error' }] });
});

t.test('a body nested deeper than the limit is too_many_items_error at the path where it gets too deep', async (t) => {
  let custom: unknown = 'bottom';
  for (let level = 0; level < 1_000; level++) custom = { a: custom };
  const response = await server.request('/v1/test_sleep?wait=1', { method: 'POST', body: JSON.stringify({ ms: 0, value: 1, custom }), headers: { 'content-type': 'application/json' } });
  t.equal(response.status, 400);
  const body = await errorOf(response);
  t.match(body, { error_code: 'validation_failed_error', extra_error_information: { validation_failures_count: 1 } });
  const [error] = body.errors as Array<{ code: string; property: string }>;
  t.equal(error!.code, 'too_many_items_error');
  t.equal(error!.property, `request.custom${'.a'.repeat(maxBodyDepth - 1)}`);
});

t.test('an operation’s validation errors come back with their JSON paths and codes', async (t) => {
  const response = await server.request('/v1/test_sleep', { method: 'POST', json: { ms: -1 } });
  t.equal(response.status, 400);
  t.match(await errorOf(response), {
    error_code: 'validation_failed_error',
    errors: [{ property: 'request.ms', code: 'value_out_of_range_error', attempted_value: -1, status_code: '400' }],
  });
});

t.test('every response carries a request id, echoing a well-formed one from the client', async (t) => {
  const response = await server.request('/v1/version', { headers: { 'x-request-id': 'trace-123' } });
  t.equal(response.headers.get('x-request-id'), 'trace-123');
  const generated = await server.request('/v1/version');
  t.match(generated.headers.get('x-request-id'), /^[0-9a-f-]{36}$/);
});
