import t from 'tap';
import { TaskChangeFeed } from '../../src/tasks/task-change-feed.js';
import type { TaskRecord, TaskStatus } from '../../src/tasks/task.js';

function taskIn(status: TaskStatus, lastStatusTime: string): TaskRecord {
  return { id: 'a', account: 'ann', operation: 'evaluate', status, startedTime: '2026-01-01T00:00:00.000Z', lastStatusTime };
}

t.test('a waiter for a final status reads the task only for changes that may have finished it', async (t) => {
  const feed = new TaskChangeFeed();
  let current = taskIn('running', '2026-01-01T00:00:01.000Z');
  let reads = 0;
  const read = async () => {
    reads++;
    return { task: current };
  };
  const finished = feed.waitUntilFinished('a', 5000, read);
  await new Promise((resolve) => setImmediate(resolve));
  t.equal(reads, 1, 'one read when it starts waiting');
  feed.notify('a', 'running');
  feed.notify('a', 'queued');
  t.equal(reads, 1, 'no read for changes that leave it active');
  current = taskIn('completed', '2026-01-01T00:00:02.000Z');
  feed.notify('a', 'completed');
  t.match(await finished, { task: { status: 'completed' } });
  t.equal(reads, 2);
});

t.test('a change whose status is not known wakes every waiter to read', async (t) => {
  const feed = new TaskChangeFeed();
  let current = taskIn('running', '2026-01-01T00:00:01.000Z');
  const finished = feed.waitUntilFinished('a', 5000, async () => ({ task: current }));
  const changed = feed.waitForChange('a', '2026-01-01T00:00:01.000Z', 5000, async () => current);
  await new Promise((resolve) => setImmediate(resolve));
  current = taskIn('canceled', '2026-01-01T00:00:02.000Z');
  feed.notify('a');
  t.match(await finished, { task: { status: 'canceled' } });
  t.match(await changed, { status: 'canceled' });
});

t.test('a waiter for any change reads on progress too', async (t) => {
  const feed = new TaskChangeFeed();
  let current = taskIn('running', '2026-01-01T00:00:01.000Z');
  const changed = feed.waitForChange('a', '2026-01-01T00:00:01.000Z', 5000, async () => current);
  await new Promise((resolve) => setImmediate(resolve));
  current = { ...taskIn('running', '2026-01-01T00:00:02.000Z'), progress: 0.5 };
  feed.notify('a', 'running');
  t.match(await changed, { status: 'running', progress: 0.5 });
});
