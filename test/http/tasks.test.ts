import t from 'tap';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const interval = 300;
const other = { username: 'other', password: 'another long password' };
let server: TestServer;

t.before(async () => {
  server = await startTestServer({
    env: { FLEETROUTE_REDIRECT_INTERVAL_MS: String(interval), FLEETROUTE_MAX_TASKS_PER_ACCOUNT: '3' },
    accounts: [other],
  });
});
t.teardown(() => server.close());

async function submit(body: unknown, query = ''): Promise<Response> {
  return server.request(`/v1/test_sleep${query}`, { method: 'POST', json: body });
}

/** Follows wait=1 redirects to the final answer (a replaced worker may need longer than one short interval). */
async function settle(response: Response): Promise<Response> {
  while (response.status === 302) response = await server.request(response.headers.get('location')!);
  return response;
}

async function waitForStatus(id: string, wanted: string): Promise<Record<string, unknown>> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const status = (await (await server.request(`/v1/tasks/${id}`)).json()) as Record<string, unknown>;
    if (status.status === wanted) return status;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`task ${id} never reached ${wanted}`);
}

t.test('the wait_url of a task submitted with aggregate=1 keeps it, and answers the aggregated view', async (t) => {
  const response = await submit({ ms: 0, value: 'shaped' }, '?aggregate=1');
  const body = (await response.json()) as Record<string, string>;
  t.equal(body.wait_url, `tasks/${body.task_id}/result?wait=1&aggregate=1`);
  const result = await server.request(`/v1/${body.wait_url}`);
  t.same(await result.json(), { aggregated: true, value: 'shaped' });
});

t.test('a task submitted without wait answers a task redirect with its urls', async (t) => {
  const response = await submit({ ms: 0, value: 7 });
  t.equal(response.status, 200);
  const body = (await response.json()) as Record<string, string>;
  t.match(body.task_id, /^[A-Za-z0-9_-]{22}$/);
  t.equal(body.wait_url, `tasks/${body.task_id}/result?wait=1`);
  t.equal(body.status_url, `tasks/${body.task_id}`);
  t.ok(!Number.isNaN(Date.parse(body.started_time!)));
  await waitForStatus(body.task_id!, 'completed');
  const result = await server.request(`/v1/tasks/${body.task_id}/result`);
  t.equal(result.status, 200);
  t.same(await result.json(), { value: 7 });
});

t.test('wait=1 answers the result itself when it is ready within the interval', async (t) => {
  const response = await settle(await submit({ ms: 20, value: 'quick' }, '?wait=1'));
  t.equal(response.status, 200);
  t.same(await response.json(), { value: 'quick' });
});

t.test('wait=1 redirects to the result url every interval until the result is ready, keeping shaping parameters', async (t) => {
  const first = await submit({ ms: interval * 2.5, value: 'slow' }, '?wait=1&aggregate=1');
  t.equal(first.status, 302);
  const location = first.headers.get('location')!;
  const body = (await first.json()) as Record<string, string>;
  t.equal(location.split('?')[0], `/v1/tasks/${body.task_id}/result`);
  const params = new URLSearchParams(location.split('?')[1]);
  t.equal(params.get('wait'), '1');
  t.equal(params.get('aggregate'), '1');
  let response = first;
  let redirects = 0;
  while (response.status === 302) {
    redirects++;
    response = await server.request(response.headers.get('location')!);
  }
  t.ok(redirects >= 2, `redirected ${redirects} times`);
  t.equal(response.status, 200);
  t.same(await response.json(), { aggregated: true, value: 'slow' }, 'the carried aggregate=1 shapes the result');
});

t.test('a result asked for too early is 409 task_not_complete_error', async (t) => {
  const { task_id } = (await (await submit({ ms: 2000 })).json()) as { task_id: string };
  const response = await server.request(`/v1/tasks/${task_id}/result`);
  t.equal(response.status, 409);
  t.match(await response.json(), { status_code: 409, error_code: 'task_not_complete_error' });
  await server.request(`/v1/tasks/${task_id}/cancel`, { method: 'POST' });
});

t.test('status reports queued or running with progress, then completed with a finish time', async (t) => {
  const { task_id } = (await (await submit({ ms: 600 })).json()) as { task_id: string };
  const running = await waitForStatus(task_id, 'running');
  t.equal(running.task_id, task_id);
  t.ok(running.last_status_time);
  const done = await waitForStatus(task_id, 'completed');
  t.equal(done.progress, 1);
  t.ok(done.finished_time);
});

t.test('status with after= answers as soon as a newer status exists', async (t) => {
  const { task_id } = (await (await submit({ ms: interval })).json()) as { task_id: string };
  const current = await waitForStatus(task_id, 'running');
  const after = encodeURIComponent(String(current.last_status_time));
  const response = await settle(await server.request(`/v1/tasks/${task_id}?after=${after}`));
  t.equal(response.status, 200);
  const newer = (await response.json()) as Record<string, string>;
  t.ok(newer.last_status_time! > String(current.last_status_time));
  await waitForStatus(task_id, 'completed');
});

t.test('status with after= redirects to itself every interval while nothing newer exists', async (t) => {
  const { task_id } = (await (await submit({ ms: 0 })).json()) as { task_id: string };
  const done = await waitForStatus(task_id, 'completed');
  const started = Date.now();
  const response = await server.request(`/v1/tasks/${task_id}?after=${encodeURIComponent(String(done.last_status_time))}`);
  t.equal(response.status, 302);
  t.ok(Date.now() - started >= interval * 0.9, 'it waited one interval first');
  t.equal(response.headers.get('location'), `/v1/tasks/${task_id}?after=${encodeURIComponent(String(done.last_status_time))}`);
});

t.test('canceling a running task stops its worker even when the computation never yields', async (t) => {
  const { task_id } = (await (await submit({ ms: 0, outcome: 'spin' })).json()) as { task_id: string };
  await waitForStatus(task_id, 'running');
  const cancel = await server.request(`/v1/tasks/${task_id}/cancel`, { method: 'POST' });
  t.equal(cancel.status, 200);
  t.same(await cancel.json(), { task_id, message: 'Task canceled' });
  const result = await server.request(`/v1/tasks/${task_id}/result`);
  t.equal(result.status, 409);
  t.match(await result.json(), { error_code: 'task_canceled_error' });
  const after = await settle(await submit({ ms: 0, value: 'alive' }, '?wait=1'));
  t.same(await after.json(), { value: 'alive' }, 'the pool still computes after the worker was stopped');
});

t.test('a client that disconnects with cancel_on_disconnect=1 cancels its task', async (t) => {
  const controller = new AbortController();
  const pending = server
    .request('/v1/test_sleep?wait=1&cancel_on_disconnect=1', { method: 'POST', json: { ms: 5000 }, signal: controller.signal })
    .catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 150));
  controller.abort();
  await pending;
  const list = (await (await server.request('/v1/tasks?limit=1')).json()) as { tasks: Array<{ task_id: string }> };
  const status = await waitForStatus(list.tasks[0]!.task_id, 'canceled');
  t.equal(status.status, 'canceled');
});

t.test('an operation failing with a known error keeps its status and code in the result', async (t) => {
  const response = await settle(await submit({ ms: 0, outcome: 'app_error' }, '?wait=1'));
  t.equal(response.status, 500);
  t.match(await response.json(), { status_code: 500, error_code: 'geostream_error' });
});

t.test('an unexpected failure is a 500 internal_server_error without internals', async (t) => {
  const response = await settle(await submit({ ms: 0, outcome: 'crash' }, '?wait=1'));
  t.equal(response.status, 500);
  const text = await response.text();
  t.match(JSON.parse(text), { status_code: 500, error_code: 'internal_server_error' });
  t.notMatch(text, /secret internal detail|at .*\.js/);
});

t.test('a task whose worker thread dies twice answers a 500 internal_server_error, and the next task is computed', async (t) => {
  const response = await settle(await submit({ ms: 10, outcome: 'exit_thread' }, '?wait=1'));
  t.equal(response.status, 500);
  t.match(await response.json(), { status_code: 500, error_code: 'internal_server_error' });
  const next = await settle(await submit({ ms: 0, value: 'next' }, '?wait=1'));
  t.equal(next.status, 200);
  t.match(await next.json(), { value: 'next' });
});

t.test('an unknown task id is 404 invalid_task_id_error on result, status and cancel', async (t) => {
  for (const [path, method] of [['/v1/tasks/nope/result', 'GET'], ['/v1/tasks/nope', 'GET'], ['/v1/tasks/nope/cancel', 'POST']] as const) {
    const response = await server.request(path, { method });
    t.equal(response.status, 404, path);
    t.match(await response.json(), { status_code: 404, error_code: 'invalid_task_id_error' });
  }
});

t.test('the task list shows the caller’s own tasks, newest first, filtered by status', async (t) => {
  const response = await server.request('/v1/tasks?status=completed&limit=2');
  const { tasks } = (await response.json()) as { tasks: Array<{ status: string; started_time: string }> };
  t.ok(tasks.length > 0 && tasks.length <= 2);
  t.ok(tasks.every((task) => task.status === 'completed'));
  if (tasks.length === 2) t.ok(tasks[0]!.started_time >= tasks[1]!.started_time);
  const bad = await server.request('/v1/tasks?status=sleeping&limit=0');
  t.equal(bad.status, 400);
  const body = (await bad.json()) as { errors: Array<{ property: string }> };
  t.same(body.errors.map((e) => e.property).sort(), ['request.limit', 'request.status']);
});

t.test('an account past its limit of queued and running tasks gets 429 too_many_requests_error', async (t) => {
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) ids.push(((await (await submit({ ms: 3000 })).json()) as { task_id: string }).task_id);
  const refused = await submit({ ms: 0 });
  t.equal(refused.status, 429);
  t.match(await refused.json(), { status_code: 429, error_code: 'too_many_requests_error' });
  for (const id of ids) await server.request(`/v1/tasks/${id}/cancel`, { method: 'POST' });
  const accepted = await submit({ ms: 0 });
  t.equal(accepted.status, 200, 'canceled tasks free their places');
});

t.test('a synchronous operation answers directly from the fast lane', async (t) => {
  const response = await server.request('/v1/test_sync', { method: 'POST', json: { ms: 0, value: [1, 2] } });
  t.equal(response.status, 200);
  t.same(await response.json(), { value: [1, 2] });
});

t.test('another account sees none of my tasks: result, status and cancel answer 404 and its list is its own', async (t) => {
  const { task_id } = (await (await submit({ ms: 0, value: 'mine' })).json()) as { task_id: string };
  await waitForStatus(task_id, 'completed');
  const asOther = { headers: { authorization: server.basic(other.username, other.password) } };
  for (const [path, method] of [[`/v1/tasks/${task_id}/result`, 'GET'], [`/v1/tasks/${task_id}`, 'GET'], [`/v1/tasks/${task_id}/cancel`, 'POST']] as const) {
    const response = await server.request(path, { method, ...asOther });
    t.equal(response.status, 404, `${method} ${path}`);
    t.match(await response.json(), { error_code: 'invalid_task_id_error' });
  }
  const list = (await (await server.request('/v1/tasks', asOther)).json()) as { tasks: unknown[] };
  t.same(list.tasks, [], 'the other account has no tasks of its own yet');
  const mine = await server.request(`/v1/tasks/${task_id}/result`);
  t.same(await mine.json(), { value: 'mine' }, 'the owner still gets the result');
});

t.test('while every task worker is busy, a bad body is still answered 400 at once and a good one waits its turn', async (t) => {
  const busy: string[] = [];
  for (let worker = 0; worker < 2; worker++) busy.push(((await (await submit({ ms: 60_000 })).json()) as { task_id: string }).task_id);
  for (const id of busy) await waitForStatus(id, 'running');
  const taskCount = async () => ((await (await server.request('/v1/tasks?limit=1000')).json()) as { tasks: unknown[] }).tasks.length;
  const before = await taskCount();
  const started = Date.now();
  const bad = await submit({ ms: -1 });
  t.equal(bad.status, 400);
  t.match(await bad.json(), { error_code: 'validation_failed_error', errors: [{ property: 'request.ms' }] });
  t.equal(await taskCount(), before, 'the bad body never became a task');
  const queued = await submit({ ms: 0, value: 'after the others' });
  t.equal(queued.status, 200);
  t.ok(Date.now() - started < 5000, 'neither answer waited for a task worker');
  const { task_id } = (await queued.json()) as { task_id: string };
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.match(await (await server.request(`/v1/tasks/${task_id}`)).json(), { status: 'queued' }, 'queued while no worker computes it');
  const listedQueued = (await (await server.request('/v1/tasks?status=queued')).json()) as { tasks: Array<{ task_id: string }> };
  t.same(listedQueued.tasks.map((task) => task.task_id), [task_id], 'the list shows it queued');
  for (const id of busy) await server.request(`/v1/tasks/${id}/cancel`, { method: 'POST' });
  const result = await settle(await server.request(`/v1/tasks/${task_id}/result?wait=1`));
  t.same(await result.json(), { value: 'after the others' });
});
