// Limits configured on the server reach the operations running in its workers.
import t from 'tap';
import { productResourceLoaders } from '../../src/server/resource-loaders.js';
import { startTestServer } from '../helpers/test-server.js';

t.test('FLEETROUTE_MAX_TIME_LIMIT_SECONDS reaches the workers: a request above it is refused with the configured maximum', async (t) => {
  const server = await startTestServer({ resourceLoaders: await productResourceLoaders(), env: { FLEETROUTE_MAX_TIME_LIMIT_SECONDS: '1' } });
  t.teardown(() => server.close());
  const body = (timeLimit: number) => ({
    jobs: [{ id: 'j1', location: '45.9989,8.0031' }, { id: 'j2', location: '46.0011,7.9969' }],
    routes: [{ id: 'r', location: '46.0021956,8.0000796' }],
    settings: { time_limit_seconds: timeLimit },
  });
  const answer = async (timeLimit: number) => {
    let response = await server.request('/v1/build?wait=1', { method: 'POST', json: body(timeLimit) });
    while (response.status === 302) response = await server.request(response.headers.get('location')!);
    return { status: response.status, body: (await response.json()) as { errors?: { parameters?: Record<string, unknown> }[] } };
  };
  const refused = await answer(120);
  t.equal(refused.status, 400);
  t.match(refused.body.errors?.[0]?.parameters, { maximum: 1 }, 'the worker knows the configured maximum');
  t.equal((await answer(1)).status, 200);
});
