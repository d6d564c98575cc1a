/**
 * Processes and Redis killed on purpose: nothing accepted is lost, a task whose worker dies runs again
 * elsewhere, one whose worker dies twice fails cleanly, and a Redis outage answers 503 instead of hanging.
 */
import t from 'tap';
import { type FleetrouteProcess, processGroup, sleep, statusWhen } from '../helpers/fleetroute-processes.js';
import { redisSkip, TestRedis } from '../helpers/redis-server.js';

async function submit(api: FleetrouteProcess, body: Record<string, unknown>): Promise<string> {
  const response = await api.request('/v1/test_sleep', { method: 'POST', json: body });
  if (response.status !== 200) throw new Error(`submit answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { task_id: string }).task_id;
}

/** The worker among `workers` computing a task now. */
async function busyWorker(workers: FleetrouteProcess[]): Promise<FleetrouteProcess> {
  for (let tries = 0; tries < 100; tries++) {
    for (const worker of workers) if ((await worker.metric('fleetroute_worker_active_tasks')) > 0) return worker;
    await sleep(50);
  }
  throw new Error('no worker took the task');
}

/** Resolves once `api` answers task requests again (it reconnects to Redis by itself). */
async function reconnected(api: FleetrouteProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await api.request('/v1/tasks')).status !== 200) {
    if (Date.now() > deadline) throw new Error('the API did not reconnect to Redis within 15 s');
    await sleep(100);
  }
}

/** The task's answer once it is final; fails the wait after 30 s rather than letting the test hang. */
async function result(api: FleetrouteProcess, id: string): Promise<{ status: number; body: unknown }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await api.request(`/v1/tasks/${id}/result?wait=1`);
    if (response.status !== 302) return { status: response.status, body: await response.json() };
    if (Date.now() > deadline) throw new Error(`task ${id} not finished after 30 s: ${JSON.stringify(await response.json())}`);
  }
}

t.test('faults in a scale-out deployment', { skip: redisSkip() }, async (t) => {
  const redis = await TestRedis.start();
  t.teardown(() => redis.close());
  const start = processGroup(t, redis.url);

  t.test('a task whose worker is killed mid-task completes on another worker', async (t) => {
    const api = await start('api');
    const workers = [await start('worker'), await start('worker')];
    const id = await submit(api, { ms: 1500, value: 'survived' });
    const victim = await busyWorker(workers);
    await victim.stop('SIGKILL');
    t.same(await result(api, id), { status: 200, body: { value: 'survived' } });
    const survivor = workers.find((worker) => worker !== victim)!;
    t.equal(await survivor.metric('fleetroute_worker_stalled_recoveries'), 1, 'the survivor recovered it');
    await Promise.all(workers.map((worker) => worker.stop()));
  });

  t.test('a task whose worker dies twice fails with internal_server_error and frees its slot', async (t) => {
    const api = await start('api', { FLEETROUTE_MAX_TASKS_PER_ACCOUNT: '1' });
    const first = await start('worker');
    const id = await submit(api, { ms: 60_000 });
    await statusWhen(api, id, (status) => status === 'running');
    await first.stop('SIGKILL');
    const second = await start('worker');
    await busyWorker([second]);
    await second.stop('SIGKILL');
    const third = await start('worker');
    const failed = await result(api, id);
    t.equal(failed.status, 500);
    t.match(failed.body, { status_code: 500, error_code: 'internal_server_error' });
    t.match(await (await api.request(`/v1/tasks/${id}`)).json(), { status: 'failed' });
    const next = await submit(api, { ms: 1, value: 'slot free' });
    t.same(await result(api, next), { status: 200, body: { value: 'slot free' } });
    await third.stop();
  });

  t.test('SIGTERM lets a worker finish its task before it exits', async (t) => {
    const api = await start('api');
    const worker = await start('worker');
    const id = await submit(api, { ms: 1000, value: 'finished' });
    await busyWorker([worker]);
    t.equal(await worker.stop('SIGTERM'), 0, 'the worker exits cleanly');
    t.match(await (await api.request(`/v1/tasks/${id}`)).json(), { status: 'completed' }, 'completed before the exit');
  });

  t.test('tasks accepted before an API restart complete and are read from the new process', async (t) => {
    const api = await start('api');
    const ids = [await submit(api, { ms: 300, value: 1 }), await submit(api, { ms: 300, value: 2 })];
    await api.stop('SIGKILL');
    const worker = await start('worker');
    await api.start();
    t.same(await result(api, ids[0]!), { status: 200, body: { value: 1 } });
    t.same(await result(api, ids[1]!), { status: 200, body: { value: 2 } });
    await worker.stop();
  });

  t.test('while Redis is down synchronous endpoints answer, task endpoints answer 503, and nothing accepted is lost', async (t) => {
    const api = await start('api');
    const worker = await start('worker');
    const accepted = await submit(api, { ms: 10, value: 'kept' });
    await result(api, accepted);
    const queued = await submit(api, { ms: 2000, value: 'across the outage' });
    await redis.stop('SIGKILL');
    const sync = await api.request('/v1/test_sync', { method: 'POST', json: { ms: 1, value: 'sync' } });
    t.equal(sync.status, 200, 'a synchronous endpoint still answers');
    for (const [path, init] of [['/v1/tasks', {}], [`/v1/tasks/${accepted}`, {}], ['/v1/test_sleep', { method: 'POST', json: { ms: 1 } }]] as const) {
      const startedAt = Date.now();
      const response = await api.request(path, init);
      t.equal(response.status, 503, `${path} answers 503`);
      t.match(await response.json(), { status_code: 503, error_code: 'service_unavailable_error' });
      t.ok(Date.now() - startedAt < 5000, 'without hanging');
    }
    await redis.restart();
    await reconnected(api);
    t.same(await result(api, accepted), { status: 200, body: { value: 'kept' } }, 'a result stored before the outage survives it');
    t.same(await result(api, queued), { status: 200, body: { value: 'across the outage' } }, 'a task accepted before the outage completes');
    await worker.stop();
  });
});
