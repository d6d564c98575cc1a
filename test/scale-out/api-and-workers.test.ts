/** Two API and two worker processes on one Redis: one task space, one limit, one set of sessions. */
import { Redis } from 'ioredis';
import t from 'tap';
import { processGroup, sessionUser, sleep, statusWhen } from '../helpers/fleetroute-processes.js';
import { redisSkip, TestRedis } from '../helpers/redis-server.js';

t.test('API and worker processes sharing Redis', { skip: redisSkip() }, async (t) => {
  const redis = await TestRedis.start();
  t.teardown(() => redis.close());
  const start = processGroup(t, redis.url);
  const env = { FLEETROUTE_MAX_TASKS_PER_ACCOUNT: '3' };
  const apiA = await start('api', env);
  const apiB = await start('api', env);
  const workers = [await start('worker', env), await start('worker', env)];

  t.test('a task submitted to one API is answered by the other', async (t) => {
    const submitted = await apiA.request('/v1/test_sleep', { method: 'POST', json: { ms: 50, value: 'across' } });
    t.equal(submitted.status, 200);
    const { task_id } = (await submitted.json()) as { task_id: string };
    const result = await apiB.request(`/v1/tasks/${task_id}/result?wait=1`);
    t.equal(result.status, 200);
    t.same(await result.json(), { value: 'across' });
    const aggregated = await apiA.request(`/v1/tasks/${task_id}/result?aggregate=1`);
    t.same(await aggregated.json(), { aggregated: true, value: 'across' }, 'every view of the result is shared');
  });

  t.test('a bad body is answered 400 by the API and never queued', async (t) => {
    const taskCount = async () => ((await (await apiB.request('/v1/tasks?limit=1000')).json()) as { tasks: unknown[] }).tasks.length;
    const before = await taskCount();
    const response = await apiA.request('/v1/test_sleep', { method: 'POST', json: { ms: -1 } });
    t.equal(response.status, 400);
    t.match(await response.json(), { errors: [{ property: 'request.ms', code: 'value_out_of_range_error' }] });
    t.equal(await taskCount(), before, 'no task was created');
  });

  t.test('the account limit is counted across API processes', async (t) => {
    const ids: string[] = [];
    for (const api of [apiA, apiB, apiA]) {
      const response = await api.request('/v1/test_sleep', { method: 'POST', json: { ms: 3000 } });
      t.equal(response.status, 200);
      ids.push(((await response.json()) as { task_id: string }).task_id);
    }
    for (const api of [apiA, apiB]) {
      const refused = await api.request('/v1/test_sleep', { method: 'POST', json: { ms: 1 } });
      t.equal(refused.status, 429, 'the fourth is refused on either API');
      t.match(await refused.json(), { error_code: 'too_many_requests_error' });
    }
    const peek = new Redis(redis.url);
    const bodies = await peek.keys('fleetroute:body:*');
    const jobs = (await peek.keys('fleetroute:bull:*')).filter((key) => /:[A-Za-z0-9_-]{22}$/.test(key));
    peek.disconnect();
    t.same(bodies.map((key) => key.split(':').pop()).sort(), [...ids].sort(), 'the refused tasks left no body behind');
    t.same(jobs.map((key) => key.split(':').pop()).sort(), [...ids].sort(), 'nor a job in the queue');
    for (const id of ids) await apiB.request(`/v1/tasks/${id}/cancel`, { method: 'POST' });
    const freed = await apiA.request('/v1/test_sleep', { method: 'POST', json: { ms: 1 } });
    t.equal(freed.status, 200, 'canceled tasks free their slots');
    await apiA.request(`/v1/tasks/${((await freed.json()) as { task_id: string }).task_id}/result?wait=1`);
  });

  t.test('a session started on one API works on the other', async (t) => {
    const login = await fetch(`${apiA.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...sessionUser, application: 'session' }) });
    t.equal(login.status, 200);
    const { sessionId } = (await login.json()) as { sessionId: string };
    const listed = await fetch(`${apiB.url}/v1/tasks`, { headers: { 'x-service-session-id': sessionId } });
    t.equal(listed.status, 200);
    const unknown = await fetch(`${apiB.url}/v1/tasks`, { headers: { 'x-service-session-id': 'x'.repeat(43) } });
    t.equal(unknown.status, 401, 'an unknown session is refused everywhere');
  });

  t.test('a cancel sent to one API stops the computation on the worker within a second', async (t) => {
    // `spin` never yields: only terminating its worker thread stops it.
    const submitted = await apiA.request('/v1/test_sleep', { method: 'POST', json: { ms: 0, outcome: 'spin' } });
    const { task_id } = (await submitted.json()) as { task_id: string };
    await statusWhen(apiB, task_id, (status) => status === 'running');
    const canceledAt = Date.now();
    const cancel = await apiB.request(`/v1/tasks/${task_id}/cancel`, { method: 'POST' });
    t.match(await cancel.json(), { task_id, message: 'Task canceled' });
    let active = 1;
    while (active > 0 && Date.now() - canceledAt < 1000) {
      active = (await Promise.all(workers.map((worker) => worker.metric('fleetroute_worker_active_tasks')))).reduce((a, b) => a + b, 0);
      if (active > 0) await sleep(50);
    }
    t.equal(active, 0, 'no worker computes it a second after the cancel');
    for (const api of [apiA, apiB]) t.match(await (await api.request(`/v1/tasks/${task_id}`)).json(), { status: 'canceled' });
    const next = await apiA.request('/v1/test_sleep?wait=1', { method: 'POST', json: { ms: 10, value: 'after' } });
    t.same(await next.json(), { value: 'after' }, 'the freed worker takes the next task');
  });

  t.test('a worker serving another map never computes this map\'s tasks', async (t) => {
    const otherApi = await start('api', { FLEETROUTE_TEST_MAP_HASH: 'other-map' });
    t.match(await (await fetch(`${otherApi.url}/health`)).json(), { status: 'ok', role: 'api', map_hash: 'other-map' });
    const submitted = await otherApi.request('/v1/test_sleep', { method: 'POST', json: { ms: 1, value: 'other roads' } });
    const { task_id } = (await submitted.json()) as { task_id: string };
    await sleep(1500);
    t.match(await (await otherApi.request(`/v1/tasks/${task_id}`)).json(), { status: 'queued' }, 'the workers of the first map leave it');
    await start('worker', { FLEETROUTE_TEST_MAP_HASH: 'other-map' });
    const result = await otherApi.request(`/v1/tasks/${task_id}/result?wait=1`);
    t.same(await result.json(), { value: 'other roads' }, 'a worker with the same map computes it');
  });
});
