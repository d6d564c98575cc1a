/**
 * The embedded runner: validates a task's body in the pool, creates the task within the account's limit and
 * computes it in this process's task lane, recording every transition in the store. Cancellation aborts the
 * run, which terminates the worker computing it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError, toErrorResponse } from '../errors.js';
import type { AdmittedTask, WorkerPool } from '../pool/pool.js';
import { activeStatusList, type TaskRecord } from './task.js';
import { cancelOwnTask, newQueuedTask, storeWithinLimit, throttledProgress, type TaskRunner } from './task-runner.js';
import type { TaskStore } from './task-store.js';

const progressIntervalMs = 200;

export interface LocalTaskRunnerOptions {
  store: TaskStore;
  pool: WorkerPool;
  maxTasksPerAccount: number;
  onInternalError: (taskId: string, error: unknown) => void;
}

export class LocalTaskRunner implements TaskRunner {
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();

  constructor(private readonly options: LocalTaskRunnerOptions) {}

  async submit(account: string, operation: string, body: Uint8Array): Promise<TaskRecord> {
    const controller = new AbortController();
    const task = newQueuedTask(account, operation);
    const onProgress = throttledProgress(this.options.store, task.id, progressIntervalMs);
    // Queued until a worker starts computing it: every task worker may be busy.
    const onRunning = (): void => void this.options.store.transition(task.id, ['queued'], { status: 'running' }).catch(() => {});
    const admitted = await this.options.pool.admitTask(operation, body, { signal: controller.signal, onProgress, onRunning });
    try {
      await storeWithinLimit(this.options.store, task, this.options.maxTasksPerAccount);
    } catch (error) {
      admitted.drop();
      throw error;
    }
    const done = this.execute(task, admitted, controller.signal).finally(() => this.running.delete(task.id));
    this.running.set(task.id, { controller, done });
    return task;
  }

  async cancel(account: string, id: string): Promise<TaskRecord> {
    const { task, canceledNow } = await cancelOwnTask(this.options.store, account, id);
    if (canceledNow) this.running.get(id)?.controller.abort();
    return task;
  }

  async shutdown(graceMs: number): Promise<void> {
    const all = Promise.allSettled([...this.running.values()].map((entry) => entry.done));
    const timedOut = await Promise.race([all.then(() => false), sleep(graceMs, true, { ref: false })]);
    if (!timedOut) return;
    for (const [id, entry] of this.running) {
      await this.options.store.transition(id, activeStatusList, { status: 'canceled' });
      entry.controller.abort();
    }
    await all;
  }

  private async execute(task: TaskRecord, admitted: AdmittedTask, signal: AbortSignal): Promise<void> {
    try {
      const result = await admitted.run();
      await this.options.store.transition(task.id, activeStatusList, { status: 'completed', result, progress: 1 });
    } catch (error) {
      if (signal.aborted) return;
      if (!(error instanceof AppError)) this.options.onInternalError(task.id, error);
      await this.options.store.transition(task.id, activeStatusList, { status: 'failed', error: toErrorResponse(error) });
    }
  }
}
