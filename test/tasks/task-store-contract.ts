/**
 * What every TaskStore promises, run against each backend (memory and Redis). `open` returns two stores sharing
 * one backend, as two instances of a deployment would: what one writes, the other sees and is woken by.
 */
import type { Test } from 'tap';
import { nextTimestamp } from '../../src/tasks/clock.js';
import { activeStatusList, type TaskRecord } from '../../src/tasks/task.js';
import { newTaskId } from '../../src/tasks/task-id.js';
import { textsOf, viewsOf } from '../helpers/result-texts.js';
import type { TaskStore } from '../../src/tasks/task-store.js';

export interface StorePair {
  store: TaskStore;
  peer: TaskStore;
  close(): Promise<void>;
}

export type OpenStores = (resultTtlSeconds: number) => Promise<StorePair>;

function newTask(account: string, operation = 'evaluate'): TaskRecord {
  const now = nextTimestamp();
  return { id: newTaskId(), account, operation, status: 'queued', startedTime: now, lastStatusTime: now };
}

async function created(store: TaskStore, account: string): Promise<TaskRecord> {
  const task = newTask(account);
  if (!(await store.createWithinLimit(task, 1000))) throw new Error('not created');
  return task;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function taskStoreContract(t: Test, open: OpenStores): void {
  const withStores = (name: string, ttl: number, body: (pair: StorePair, t: Test) => Promise<void>) =>
    t.test(name, async (t) => {
      const pair = await open(ttl);
      t.teardown(() => pair.close());
      await body(pair, t);
    });

  withStores('a created task reads back from another instance as queued', 60, async ({ store, peer }, t) => {
    const task = await created(store, 'ann');
    t.match(await peer.get(task.id), { id: task.id, account: 'ann', operation: 'evaluate', status: 'queued', startedTime: task.startedTime });
    t.equal(await peer.get('no-such-task'), undefined);
  });

  withStores('the account limit counts queued and running tasks across instances, and a finished task frees its slot', 60, async ({ store, peer }, t) => {
    const first = newTask('ann');
    t.ok(await store.createWithinLimit(first, 2));
    t.ok(await peer.createWithinLimit(newTask('ann'), 2));
    t.notOk(await store.createWithinLimit(newTask('ann'), 2), 'the third is refused');
    t.ok(await peer.createWithinLimit(newTask('bob'), 2), 'other accounts are not affected');
    await peer.transition(first.id, activeStatusList, { status: 'completed', result: viewsOf({ answer: '{}' }) });
    t.ok(await store.createWithinLimit(newTask('ann'), 2), 'the finished task freed a slot');
  });

  withStores('concurrent submissions on two instances never exceed the limit', 60, async ({ store, peer }, t) => {
    const attempts = Array.from({ length: 30 }, (_, i) => (i % 2 ? store : peer).createWithinLimit(newTask('ann'), 10));
    const accepted = (await Promise.all(attempts)).filter(Boolean).length;
    t.equal(accepted, 10);
  });

  withStores('a transition applies only from the statuses it names', 60, async ({ store, peer }, t) => {
    const task = await created(store, 'ann');
    t.equal(await peer.transition(task.id, ['running'], { status: 'completed' }), undefined);
    t.equal((await store.get(task.id))!.status, 'queued', 'nothing changed');
    t.match(await peer.transition(task.id, ['queued'], { status: 'running' }), { status: 'running' });
    t.equal(await store.transition('no-such-task', activeStatusList, { status: 'canceled' }), undefined);
  });

  withStores('a cancel racing a completion leaves exactly one final status', 60, async ({ store, peer }, t) => {
    for (let round = 0; round < 20; round++) {
      const task = await created(store, 'ann');
      await store.transition(task.id, ['queued'], { status: 'running' });
      const [completed, canceled] = await Promise.all([
        store.transition(task.id, activeStatusList, { status: 'completed', result: viewsOf({ answer: '"done"' }) }),
        peer.transition(task.id, activeStatusList, { status: 'canceled' }),
      ]);
      t.equal([completed, canceled].filter(Boolean).length, 1, `round ${round}: one winner`);
      const final = (await peer.get(task.id))!;
      t.equal(final.status, completed ? 'completed' : 'canceled');
      t.equal((await peer.result(task.id)) !== undefined, final.status === 'completed', 'a result only when completed');
    }
  });

  withStores('every change stamps a strictly later status time, and a final one the finished time', 60, async ({ store, peer }, t) => {
    const task = await created(store, 'ann');
    const times = [task.lastStatusTime];
    for (let i = 0; i < 5; i++) times.push((await (i % 2 ? store : peer).transition(task.id, activeStatusList, { status: 'running', progress: i / 5 }))!.lastStatusTime);
    const done = (await store.transition(task.id, activeStatusList, { status: 'failed', error: { status_code: 400, error_code: 'validation_failed_error', message: 'no' } }))!;
    times.push(done.lastStatusTime);
    for (let i = 1; i < times.length; i++) t.ok(times[i]! > times[i - 1]!, `${times[i]} after ${times[i - 1]}`);
    t.equal(done.finishedTime, done.lastStatusTime);
    t.match(await peer.get(task.id), { status: 'failed', progress: 0.8, error: { error_code: 'validation_failed_error' } });
  });

  withStores('results keep every view byte for byte', 60, async ({ store, peer }, t) => {
    const task = await created(store, 'ann');
    const result = { answer: '{"ünïcode":"✓","n":1.5}', aggregates: '{"total":3}' };
    await store.transition(task.id, activeStatusList, { status: 'completed', result: viewsOf(result), progress: 1 });
    t.same(textsOf(await peer.result(task.id)), result);
  });

  withStores('a task is read without its result, which is read on its own', 60, async ({ store, peer }, t) => {
    const task = await created(store, 'ann');
    t.equal(await peer.result(task.id), undefined, 'nothing before completion');
    const completed = (await store.transition(task.id, activeStatusList, { status: 'completed', result: viewsOf({ answer: '[1,2,3]' }) }))!;
    t.notOk('result' in completed, 'the transition answers the record alone');
    t.notOk('result' in (await peer.get(task.id))!, 'so does a read');
    t.same(textsOf(await peer.result(task.id)), { answer: '[1,2,3]' });
    t.equal(await peer.result('no-such-task'), undefined);
  });

  withStores('an account lists its own tasks newest first, filtered by status and limited', 60, async ({ store, peer }, t) => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await created(i % 2 ? store : peer, 'ann')).id);
      await sleep(2);
    }
    await created(store, 'bob');
    await store.transition(ids[1]!, activeStatusList, { status: 'canceled' });
    t.same((await peer.list('ann', { limit: 100 })).map((task) => task.id), [...ids].reverse());
    t.same((await peer.list('ann', { limit: 2 })).map((task) => task.id), [ids[4], ids[3]]);
    t.same((await store.list('ann', { status: 'canceled', limit: 10 })).map((task) => task.id), [ids[1]]);
    t.same(await store.list('carol', { limit: 10 }), []);
  });

  withStores('tasks are counted by status', 60, async ({ store, peer }, t) => {
    const [a, b] = [await created(store, 'ann'), await created(peer, 'bob')];
    await created(store, 'ann');
    await store.transition(a.id, ['queued'], { status: 'running' });
    await peer.transition(b.id, activeStatusList, { status: 'completed', result: viewsOf({ answer: '1' }) });
    t.same(await peer.countByStatus(), { queued: 1, running: 1, completed: 1, failed: 0, canceled: 0 });
  });

  withStores('a waiter on one instance is woken by a change made on another', 60, async ({ store, peer }, t) => {
    const task = await created(store, 'ann');
    const woken = store.waitForChange(task.id, task.lastStatusTime, 5000);
    await sleep(20);
    await peer.transition(task.id, ['queued'], { status: 'running' });
    t.match(await woken, { id: task.id, status: 'running' });
    t.match(await store.waitForChange(task.id, task.lastStatusTime, 5000), { status: 'running' }, 'an earlier change answers at once');
  });

  withStores('a waiter for a final status on one instance sleeps through progress made on another and wakes when the task finishes', 60, async ({ store, peer }, t) => {
    const task = await created(store, 'ann');
    const woken = store.waitUntilFinished(task.id, 5000);
    await peer.transition(task.id, ['queued'], { status: 'running' });
    await peer.transition(task.id, ['running'], { progress: 0.5 });
    await sleep(20);
    await peer.transition(task.id, ['running'], { status: 'failed' });
    t.match(await woken, { id: task.id, status: 'failed' });
    t.match(await peer.waitUntilFinished(task.id, 5000), { status: 'failed' }, 'a finished task answers at once');
    const active = await created(store, 'ann');
    t.equal(await store.waitUntilFinished(active.id, 50), undefined, 'an active task: undefined after the timeout');
  });

  withStores('a waiter for the result on one instance gets the task another completed with its result', 60, async ({ store, peer }, t) => {
    const task = await created(store, 'ann');
    const woken = store.waitForResult(task.id, 5000);
    await peer.transition(task.id, ['queued'], { status: 'running' });
    await sleep(20);
    await peer.transition(task.id, ['running'], { status: 'completed', result: viewsOf({ answer: '{"done":true}' }) });
    const finished = await woken;
    t.match(finished?.task, { id: task.id, status: 'completed' });
    t.same(textsOf(finished?.result), { answer: '{"done":true}' });
    const canceled = await created(store, 'ann');
    await peer.transition(canceled.id, activeStatusList, { status: 'canceled' });
    t.same(await store.waitForResult(canceled.id, 5000), { task: await store.get(canceled.id) }, 'a task that did not complete has no result');
  });

  withStores('a waiter gives up after its timeout or when aborted', 60, async ({ store }, t) => {
    const task = await created(store, 'ann');
    t.equal(await store.waitForChange(task.id, task.lastStatusTime, 50), undefined);
    const controller = new AbortController();
    const waiting = store.waitForChange(task.id, task.lastStatusTime, 5000, controller.signal);
    controller.abort();
    t.equal(await waiting, undefined);
  });

  withStores('finished tasks and their results expire after the time-to-live, active ones never', 1, async ({ store, peer }, t) => {
    const [finished, active] = [await created(store, 'ann'), await created(store, 'ann')];
    await store.transition(finished.id, activeStatusList, { status: 'completed', result: viewsOf({ answer: '1' }) });
    await sleep(2300);
    t.equal(await peer.get(finished.id), undefined);
    t.equal(await peer.result(finished.id), undefined);
    t.match(await peer.get(active.id), { status: 'queued' });
    t.same((await peer.list('ann', { limit: 10 })).map((task) => task.id), [active.id]);
    t.equal((await peer.countByStatus()).completed, 0);
  });
}
