/**
 * The runner of an API process in a scale-out deployment: validates a task's body in its own pool (a 400 never
 * becomes a task), creates the task within the account's limit in Redis, stores the body and queues the task for
 * the worker processes. Cancel marks the task canceled in Redis; the worker computing it hears of the change and
 * stops (src/queue/task-queue-worker.ts).
 */
import { AppError, toErrorResponse } from '../errors.js';
import type { WorkerPool } from '../pool/pool.js';
import { unlessRedisDown } from '../redis/redis-connection.js';
import { activeStatusList, type TaskRecord } from '../tasks/task.js';
import { cancelOwnTask, newQueuedTask, storeWithinLimit, type TaskRunner } from '../tasks/task-runner.js';
import type { TaskStore } from '../tasks/task-store.js';
import type { TaskBodies } from './task-bodies.js';
import type { TaskJobData, TaskQueues } from './task-queues.js';

export interface QueuedTaskRunnerOptions {
  store: TaskStore;
  pool: WorkerPool;
  bodies: TaskBodies;
  queues: TaskQueues;
  maxTasksPerAccount: number;
}

/**
 * The queue keeps nothing of a finished job: the task store holds the outcome. A worker fails an attempt only
 * when Redis stayed unreachable (computation errors are the task's outcome, not the job's), so attempts retry
 * across a long outage: about 17 minutes of back-off in all.
 */
const jobOptions = { removeOnComplete: true, removeOnFail: true, attempts: 10, backoff: { type: 'exponential', delay: 1000 } } as const;

export class QueuedTaskRunner implements TaskRunner {
  constructor(private readonly options: QueuedTaskRunnerOptions) {}

  async submit(account: string, operation: string, body: Uint8Array): Promise<TaskRecord> {
    await this.options.pool.check(operation, body);
    const { queues } = this.options;
    const queue = queues.queueFor(operation);
    if (!queue || !queues.mapHash) throw new AppError('service_unavailable_error', 'The service is still loading its map; try again shortly');
    const task = newQueuedTask(account, operation);
    const data: TaskJobData = { taskId: task.id, account, operation, mapHash: queues.mapHash };
    // The store, the bodies and the queues share one connection, so Redis runs these in the order sent, within one
    // round trip: a worker finds the task and its body by the time it can take the job. A refused task's body and
    // job are removed again (a worker that took the job already finds no task, and drops it).
    const [stored, saved, queued] = await Promise.allSettled([
      storeWithinLimit(this.options.store, task, this.options.maxTasksPerAccount),
      this.options.bodies.save(task.id, body),
      unlessRedisDown(() => queue.add(operation, data, { ...jobOptions, jobId: task.id })),
    ]);
    if (stored.status === 'rejected') {
      await Promise.all([this.options.bodies.discard(task.id).catch(() => {}), queue.remove(task.id).catch(() => 0)]);
      throw stored.reason;
    }
    try {
      if (saved.status === 'rejected') throw saved.reason;
      if (queued.status === 'rejected') throw queued.reason;
    } catch (error) {
      // Accepted but never queued: the task must not hold the account's slot waiting for a worker that never comes.
      await this.options.store.transition(task.id, activeStatusList, { status: 'failed', error: toErrorResponse(error) }).catch(() => {});
      throw error;
    }
    return task;
  }

  async cancel(account: string, id: string): Promise<TaskRecord> {
    const { task, canceledNow } = await cancelOwnTask(this.options.store, account, id);
    // A waiting job is dropped from its queue; a running one is stopped by its worker, which hears of the change.
    if (canceledNow) await this.options.queues.queueFor(task.operation)?.remove(id).catch(() => 0);
    return task;
  }

  /** Nothing computes here: queued and running tasks go on in the workers. */
  async shutdown(): Promise<void> {}
}
