/**
 * A queue worker that cannot write to Redis when it takes a task (an outage that began after the task was
 * accepted) waits for Redis instead of dropping the task: the task completes once writes go through again.
 */
import t from 'tap';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../src/errors.js';
import type { WorkerPool } from '../../src/pool/pool.js';
import { TaskBodies } from '../../src/queue/task-bodies.js';
import { TaskQueueWorker } from '../../src/queue/task-queue-worker.js';
import { TaskQueues } from '../../src/queue/task-queues.js';
import { closeConnection, connected, openCommandConnection, openWaitingConnection } from '../../src/redis/redis-connection.js';
import { RedisTaskStore } from '../../src/tasks/redis-task-store.js';
import { newQueuedTask } from '../../src/tasks/task-runner.js';
import type { TaskStore } from '../../src/tasks/task-store.js';
import { redisSkip, TestRedis } from '../helpers/redis-server.js';
import { bodyOf, textsOf } from '../helpers/result-texts.js';

const quiet = (): void => {};
const silentLogger = { level: 'silent', fatal: quiet, error: quiet, warn: quiet, info: quiet, debug: quiet, trace: quiet, silent: quiet, child: () => silentLogger } as unknown as FastifyBaseLogger;

t.test('a worker whose first writes fail while Redis is unreachable completes the task once they succeed', { skip: redisSkip() }, async (t) => {
  const redis = await TestRedis.start();
  const command = openCommandConnection(redis.url, 'test');
  const subscriber = openWaitingConnection(redis.url, 'test-changes');
  await Promise.all([connected(command), connected(subscriber)]);
  const store = new RedisTaskStore(command, subscriber, 60);
  await store.subscribe();
  let failingWrites = 3;
  const flakyStore: TaskStore = {
    createWithinLimit: (...args) => store.createWithinLimit(...args),
    get: (id) => store.get(id),
    result: (id) => store.result(id),
    transition: (...args) => {
      if (failingWrites-- > 0) return Promise.reject(new AppError('service_unavailable_error', 'Redis is unreachable'));
      return store.transition(...args);
    },
    list: (...args) => store.list(...args),
    countByStatus: () => store.countByStatus(),
    waitForChange: (...args) => store.waitForChange(...args),
    waitUntilFinished: (...args) => store.waitUntilFinished(...args),
    waitForResult: (...args) => store.waitForResult(...args),
    close: () => store.close(),
  };
  const pool = { runTask: async (_operation: string, body: Uint8Array) => ({ answer: body }) } as unknown as WorkerPool;
  const bodies = new TaskBodies(command, 60);
  const queues = new TaskQueues(command);
  queues.open('outage-map');
  const worker = new TaskQueueWorker({ redisUrl: redis.url, store: flakyStore, bodies, pool, mapHash: 'outage-map', concurrency: { short: 1, long: 1 }, lockMs: 5000, log: silentLogger });
  t.teardown(async () => {
    await worker.shutdown(1000);
    await queues.close();
    await store.close();
    await Promise.all([closeConnection(command), closeConnection(subscriber)]);
    await redis.close();
  });

  const task = newQueuedTask('ann', 'evaluate');
  await store.createWithinLimit(task, 10);
  await bodies.save(task.id, bodyOf('"the body"'));
  await queues.queueFor('evaluate')!.add('evaluate', { taskId: task.id, account: 'ann', operation: 'evaluate', mapHash: 'outage-map' }, { jobId: task.id });
  const finished = await store.waitForChange(task.id, task.lastStatusTime, 20_000);
  let latest = finished;
  while (latest && latest.status !== 'completed') latest = await store.waitForChange(task.id, latest.lastStatusTime, 20_000);
  t.match(latest, { status: 'completed' });
  t.same(textsOf(await store.result(task.id)), { answer: '"the body"' });
  t.ok(failingWrites < 0, 'the failed writes were retried');
});
