import t from 'tap';
import { startTestServer } from '../helpers/test-server.js';
import { randomVrpBody } from '../helpers/random-vrp.js';

t.test('the configured cap on time_limit_seconds reaches the workers: a build asking for 30 s stops after 1 s', async (t) => {
  const server = await startTestServer({ env: { FLEETROUTE_MAX_TIME_LIMIT_SECONDS: '1', FLEETROUTE_SOLVE_THREADS: '1' } });
  t.teardown(() => server.close());
  const body = randomVrpBody(7, { jobs: 120, routes: 8, capacity: 30 });
  body.settings = { ...body.settings, time_limit_seconds: 30 };
  const started = Date.now();
  let response = await server.request('/v1/build?wait=1', { method: 'POST', json: body });
  while (response.status === 302) response = await server.request(response.headers.get('location')!);
  t.equal(response.status, 200);
  const seconds = (Date.now() - started) / 1000;
  t.ok(seconds < 10, `answered after ${seconds.toFixed(1)} s, far below the 30 s asked for`);
});
