// Limits configured on the server reach the operations running in its workers.
import t from 'tap';
import { productResourceLoaders } from '../../src/server/resource-loaders.js';
import { startTestServer } from '../helpers/test-server.js';

t.test('FLEETROUTE_MAX_TIME_LIMIT_SECONDS caps the search budget a request asks for', async (t) => {
  const server = await startTestServer({ resourceLoaders: await productResourceLoaders(), env: { FLEETROUTE_MAX_TIME_LIMIT_SECONDS: '1' } });
  t.teardown(() => server.close());
  const body = {
    jobs: [{ id: 'j1', location: '45.9989,8.0031' }, { id: 'j2', location: '46.0011,7.9969' }],
    routes: [{ id: 'r', location: '46.0021956,8.0000796' }],
    settings: { time_limit_seconds: 120 },
  };
  const started = performance.now();
  let response = await server.request('/v1/build?wait=1', { method: 'POST', json: body });
  while (response.status === 302) response = await server.request(response.headers.get('location')!);
  const seconds = (performance.now() - started) / 1000;
  t.equal(response.status, 200);
  t.ok(seconds < 20, `a 120 s request under a 1 s cap took ${seconds.toFixed(1)} s`);
});
