// The pool's watchdog and crash recovery, on a real pool running the test-only operations: tasks that run past
// their time limit, worker threads that die mid-task, and what the task runner records for them.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { createWorkerPool } from '../../src/pool/pool.js';
import { MemoryTaskStore } from '../../src/tasks/memory-task-store.js';
import { LocalTaskRunner } from '../../src/tasks/local-task-runner.js';
import type { TaskRecord } from '../../src/tasks/task.js';
import { bodyOf, textsOf } from '../helpers/result-texts.js';

const testOperations = new URL('../fixtures/test-operations.js', import.meta.url).href;
const graceSeconds = 1;

/** One worker per lane, so that a worker not replaced (or still busy) blocks the next task. */
function faultyService(t: Test) {
  const internalErrors: string[] = [];
  const pool = createWorkerPool({
    workers: 1,
    setup: { limits: { maxJobsToInsert: 1000, maxTimeLimitSeconds: 600, solveThreads: 1 }, extraOperationModules: [testOperations], resourceModules: [], resources: {} },
    onInternalError: (_operation, detail) => internalErrors.push(detail),
    watchdogGraceSeconds: graceSeconds,
  });
  const store = new MemoryTaskStore(60);
  const runner = new LocalTaskRunner({ store, pool, maxTasksPerAccount: 10, onInternalError: () => {} });
  t.teardown(() => pool.close());
  /** Submits the bodies in order and answers their records, with their results, once every task has finished. */
  const finished = async (...bodies: unknown[]): Promise<Array<(TaskRecord & { result?: Record<string, string> }) | undefined>> => {
    const tasks = [];
    for (const body of bodies) tasks.push(await runner.submit('ann', 'test_sleep', bodyOf(JSON.stringify(body))));
    // Waits for the running tasks; one still running after this long is canceled, and the test sees it.
    await runner.shutdown(30_000);
    return Promise.all(tasks.map(async (task) => ({ ...(await store.get(task.id))!, result: textsOf(await store.result(task.id)) })));
  };
  return { pool, runner, store, internalErrors, finished };
}

function markerFile(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'fleetroute-crash-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'first-attempt');
}

const echo = { value: 'after' };

t.test('a task computing past its time limit plus the grace is stopped, fails with time_limit_exceeded_error, and its worker is replaced', async (t) => {
  const { finished } = faultyService(t);
  const [spinning, next] = await finished({ outcome: 'spin', settings: { time_limit_seconds: 0.2 } }, echo);
  t.match(spinning, {
    status: 'failed',
    error: { status_code: 500, error_code: 'time_limit_exceeded_error', extra_error_information: { time_limit_seconds: 0.2, grace_seconds: graceSeconds } },
  });
  t.match(next, { status: 'completed', result: { answer: '{"value":"after"}' } }, 'the only task worker was replaced');
});

t.test('a task within its time limit plus the grace is left to finish', async (t) => {
  const { finished } = faultyService(t);
  const [task] = await finished({ ms: 300, settings: { time_limit_seconds: 0.1 }, value: 'slow' });
  t.match(task, { status: 'completed', result: { answer: '{"value":"slow"}' } });
});

t.test('a task whose worker thread dies mid-task is computed again by a new worker and completes', async (t) => {
  const { finished, internalErrors } = faultyService(t);
  const marker = markerFile(t);
  const [task] = await finished({ ms: 50, outcome: 'exit_thread', marker, value: 'again' });
  t.ok(existsSync(marker), 'the first attempt died');
  t.match(task, { status: 'completed', result: { answer: '{"value":"again"}' } });
  t.equal(internalErrors.length, 1, 'the death is logged');
  t.match(internalErrors[0], /worker thread died/);
});

t.test('a task admitted while the task worker was busy also survives one death of its worker', async (t) => {
  const { finished } = faultyService(t);
  const marker = markerFile(t);
  const [first, crashing] = await finished({ ms: 200, value: 'first' }, { outcome: 'exit_thread', marker, value: 'queued' });
  t.match(first, { status: 'completed' });
  t.ok(existsSync(marker), 'the first attempt died');
  t.match(crashing, { status: 'completed', result: { answer: '{"value":"queued"}' } });
});

t.test('a task whose worker thread dies twice fails with internal_server_error, and the pool goes on', async (t) => {
  const { finished, internalErrors } = faultyService(t);
  const [task, next] = await finished({ ms: 50, outcome: 'exit_thread' }, echo);
  t.match(task, { status: 'failed', error: { status_code: 500, error_code: 'internal_server_error' } });
  t.equal(internalErrors.length, 2, 'both deaths are logged');
  t.match(next, { status: 'completed', result: { answer: '{"value":"after"}' } });
});

t.test('a canceled task is not computed again: its worker is free for the next task', async (t) => {
  const { runner, store, finished } = faultyService(t);
  const spinning = await runner.submit('ann', 'test_sleep', bodyOf(JSON.stringify({ outcome: 'spin' })));
  await new Promise((resolve) => setTimeout(resolve, 200));
  await runner.cancel('ann', spinning.id);
  const [next] = await finished(echo);
  t.match(await store.get(spinning.id), { status: 'canceled' });
  t.match(next, { status: 'completed' });
});

t.test('a synchronous request whose worker thread dies answers internal_server_error, and the lane goes on', async (t) => {
  const { pool } = faultyService(t);
  await t.rejects(pool.runSync('test_sync', bodyOf(JSON.stringify({ outcome: 'exit_thread' }))), { code: 'internal_server_error' });
  const after = await pool.runSync('test_sync', bodyOf(JSON.stringify(echo)));
  t.match('views' in after && textsOf(after.views), { answer: '{"value":"after"}' });
});
