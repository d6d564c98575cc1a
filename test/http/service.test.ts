import t from 'tap';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

let server: TestServer;
t.before(async () => {
  server = await startTestServer();
});
t.teardown(() => server.close());

t.test('health answers 200 without credentials once the service is ready, with its role and map hash', async (t) => {
  const response = await server.request('/health', { auth: false });
  t.equal(response.status, 200);
  t.same(await response.json(), { status: 'ok', role: 'all', map_hash: 'none' }, 'a server without a map says so');
});

t.test('health answers 503 with an error_response while the service is loading', async (t) => {
  server.server.state.ready = false;
  t.teardown(() => {
    server.server.state.ready = true;
  });
  const response = await server.request('/health', { auth: false });
  t.equal(response.status, 503);
  t.match(await response.json(), { status_code: 503, error_code: 'service_unavailable_error' });
});

t.test('version names the package version, the build and the map', async (t) => {
  const response = await server.request('/v1/version');
  t.equal(response.status, 200);
  const body = (await response.json()) as Record<string, unknown>;
  t.match(body.version, /^\d+\.\d+\.\d+/);
  t.type(body.build, 'string');
  t.ok('map' in body);
});

t.test('version requires credentials like everything under /v1/', async (t) => {
  const response = await server.request('/v1/version', { auth: false });
  t.equal(response.status, 401);
  t.match(await response.json(), { error_code: 'authentication_required_error' });
});

t.test('metrics expose requests by route and status, latency, tasks by state and pool utilisation', async (t) => {
  await server.request('/v1/version');
  await server.request('/v1/test_sleep?wait=1', { method: 'POST', json: { ms: 0 } });
  const response = await server.request('/metrics', { auth: false });
  t.equal(response.status, 200);
  const text = await response.text();
  t.match(text, /fleetroute_http_requests_total\{method="GET",route="\/v1\/version",status="200"\} \d+/);
  t.match(text, /fleetroute_http_request_duration_seconds_bucket/);
  t.match(text, /fleetroute_tasks\{state="completed"\} [1-9]/);
  t.match(text, /fleetroute_pool_utilization\{lane="task"\}/);
});

t.test('docs serve an OpenAPI description of the endpoints without credentials', async (t) => {
  const ui = await server.request('/docs', { auth: false });
  t.equal(ui.status, 200);
  const spec = await server.request('/docs/json', { auth: false });
  t.equal(spec.status, 200);
  const document = (await spec.json()) as { openapi: string; paths: Record<string, unknown> };
  t.match(document.openapi, /^3\./);
  t.ok(document.paths['/v1/test_sleep'], 'operations are documented');
  t.ok(document.paths['/v1/tasks/{id}/result'], 'task endpoints are documented');
});

t.test('while resources load, health is 503 and computations are refused with 503, then both serve', async (t) => {
  let finishLoading!: () => void;
  const loading = new Promise<void>((resolve) => {
    finishLoading = resolve;
  });
  const slowLoader = { name: 'slow', load: async () => (await loading, { descriptor: { loaded: true } }) };
  const loadingServer = await startTestServer({ resourceLoaders: [slowLoader], waitUntilReady: false });
  t.teardown(() => loadingServer.close());
  const earlyHealth = await loadingServer.request('/health', { auth: false });
  t.equal(earlyHealth.status, 503);
  for (const path of ['/v1/test_sync', '/v1/test_sleep']) {
    const early = await loadingServer.request(path, { method: 'POST', json: { ms: -1 } });
    t.equal(early.status, 503, `${path} is refused before its body is validated`);
    t.match(await early.json(), { status_code: 503, error_code: 'service_unavailable_error' });
  }
  finishLoading();
  await loadingServer.server.ready;
  const health = await loadingServer.request('/health', { auth: false });
  t.equal(health.status, 200);
  const computed = await loadingServer.request('/v1/test_sync', { method: 'POST', json: { ms: 0, value: 'after loading' } });
  t.same(await computed.json(), { value: 'after loading' });
});
