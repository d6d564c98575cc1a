import t from 'tap';
import { AppError } from '../../src/errors.js';
import type { AdmittedTask, RunOptions, WorkerPool } from '../../src/pool/pool.js';
import { MemoryTaskStore } from '../../src/tasks/memory-task-store.js';
import { LocalTaskRunner } from '../../src/tasks/local-task-runner.js';
import type { ResultViews } from '../../src/operations/result-views.js';
import { bodyOf, textOf, textsOf, viewsOf } from '../helpers/result-texts.js';

/** What the fake pool saw: bodies dropped after validation instead of computed. */
interface PoolLog {
  dropped: string[];
}

/**
 * A pool whose task runs last `ms`, answer the body as their one view, and end early, rejecting, when their
 * signal aborts. A body `bad` fails validation.
 */
function timedPool(ms: number, log: PoolLog): WorkerPool {
  const admit = async (_operation: string, bytes: Uint8Array, options: RunOptions): Promise<AdmittedTask> => {
    const body = textOf(bytes);
    if (body === 'bad') throw new AppError('validation_failed_error', 'bad body');
    const run = () =>
      new Promise<ResultViews>((resolve, reject) => {
        const timer = setTimeout(() => resolve(viewsOf({ result: body })), ms);
        options.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new Error('aborted'));
        });
      });
    return { run, drop: () => log.dropped.push(body) };
  };
  return {
    admitTask: admit,
    runTask: async (operation, body, options) => (await admit(operation, body, options)).run(),
    check: async () => {},
    runSync: async () => ({ views: {} }),
    utilization: () => ({ sync: 0, task: 0 }),
    heap: () => ({ sync: { usedBytes: 0, totalBytes: 0 }, task: { usedBytes: 0, totalBytes: 0 } }),
    close: async () => {},
  };
}

function runnerWith(ms: number, limit = 10) {
  const store = new MemoryTaskStore(60);
  const log: PoolLog = { dropped: [] };
  const runner = new LocalTaskRunner({ store, pool: timedPool(ms, log), maxTasksPerAccount: limit, onInternalError: () => {} });
  return { store, runner, log };
}

t.test('shutdown lets tasks that finish within the grace period complete', async (t) => {
  const { store, runner } = runnerWith(50);
  const task = await runner.submit('ann', 'op', bodyOf('{"n":1}'));
  await runner.shutdown(2000);
  t.match(await store.get(task.id), { status: 'completed' });
  t.same(textsOf(await store.result(task.id)), { result: '{"n":1}' });
});

t.test('shutdown cancels tasks still running when the grace period ends', async (t) => {
  const { store, runner } = runnerWith(60_000);
  const task = await runner.submit('ann', 'op', bodyOf('{}'));
  const started = Date.now();
  await runner.shutdown(100);
  t.ok(Date.now() - started < 5000);
  t.match(await store.get(task.id), { status: 'canceled' });
});

t.test('limits count per account: one account at its limit does not block another', async (t) => {
  const { runner, log } = runnerWith(60_000, 1);
  await runner.submit('ann', 'op', bodyOf('{}'));
  await t.rejects(runner.submit('ann', 'op', bodyOf('"refused"')), new AppError('too_many_requests_error', ''), 'ann is at her limit');
  t.same(log.dropped, ['"refused"'], 'the refused body is given up, not computed');
  const bobs = await runner.submit('bob', 'op', bodyOf('{}'));
  t.equal(bobs.account, 'bob');
  await runner.shutdown(0);
});

t.test('another account cannot cancel a task: it is as unknown as a made-up id', async (t) => {
  const { runner } = runnerWith(60_000);
  const task = await runner.submit('ann', 'op', bodyOf('{}'));
  await t.rejects(runner.cancel('bob', task.id), { code: 'invalid_task_id_error' });
  await runner.shutdown(0);
});

t.test('a result that arrives after cancellation does not overwrite it', async (t) => {
  const { store, runner } = runnerWith(30);
  const task = await runner.submit('ann', 'op', bodyOf('{}'));
  await runner.cancel('ann', task.id);
  await new Promise((resolve) => setTimeout(resolve, 80));
  t.match(await store.get(task.id), { status: 'canceled' });
});

t.test('a body that fails validation is rejected and never becomes a task', async (t) => {
  const { store, runner } = runnerWith(0);
  await t.rejects(runner.submit('ann', 'op', bodyOf('bad')), { code: 'validation_failed_error' });
  t.same(await store.list('ann', { limit: 10 }), []);
});
