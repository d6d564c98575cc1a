import t from 'tap';
import { startTestServer } from '../helpers/test-server.js';
import { randomVrpBody } from '../helpers/random-vrp.js';
import { postFollowing } from '../helpers/map-server.js';

t.test('time_limit_seconds above the configured maximum is a validation error naming the maximum, in build, optimize and sequence', async (t) => {
  const server = await startTestServer({ env: { FLEETROUTE_MAX_TIME_LIMIT_SECONDS: '2', FLEETROUTE_SOLVE_THREADS: '1' } });
  t.teardown(() => server.close());
  const body = randomVrpBody(7, { jobs: 30, routes: 4, capacity: 30 });
  for (const operation of ['build', 'optimize', 'sequence']) {
    const refused = await postFollowing(server, `/v1/${operation}?wait=1`, { ...body, settings: { ...body.settings, time_limit_seconds: 30 } });
    t.equal(refused.status, 400, operation);
    t.match(refused.body.errors, [{
      property: 'request.settings.time_limit_seconds', code: 'value_out_of_range_error',
      message: /at most 2 seconds/, parameters: { maximum: 2 }, attempted_value: 30,
    }], operation);
  }
  const atMaximum = await postFollowing(server, '/v1/build?wait=1', { ...body, settings: { ...body.settings, time_limit_seconds: 2 } });
  t.equal(atMaximum.status, 200, 'the maximum itself is accepted');
  const evaluated = await postFollowing(server, '/v1/evaluate?wait=1', { ...body, settings: { ...body.settings, time_limit_seconds: 30 } });
  t.equal(evaluated.status, 200, 'evaluate does not search, so its time limit is not checked');
});
