/**
 * Accepts tasks for an account (validated bodies only, within the account's concurrency limit), runs them in the
 * task lane of the pool and records every transition in the store. Cancellation aborts the run, which terminates
 * the worker computing it.
 */
import { AppError, toErrorResponse } from '../errors.js';
import type { AdmittedTask, WorkerPool } from '../pool/pool.js';
import { nextTimestamp } from './clock.js';
import { activeStatuses, type TaskRecord } from './task.js';
import { newTaskId } from './task-id.js';
import type { TaskStore } from './task-store.js';

/** Progress is written at most this often; a solver may report thousands of times a second. */
const progressIntervalMs = 200;

export interface TaskRunnerOptions {
  store: TaskStore;
  pool: WorkerPool;
  maxTasksPerAccount: number;
  onInternalError: (taskId: string, error: unknown) => void;
}

export class TaskRunner {
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();

  constructor(private readonly options: TaskRunnerOptions) {}

  /**
   * Has the pool validate the body (a 400 rejects, and no task exists), then creates the task within the
   * account's limit (429 otherwise) and starts it.
   */
  async submit(account: string, operation: string, body: string): Promise<TaskRecord> {
    const id = newTaskId();
    const controller = new AbortController();
    const admitted = await this.options.pool.admitTask(operation, body, { signal: controller.signal, onProgress: this.progressWriter(id) });
    const now = nextTimestamp();
    const task: TaskRecord = { id, account, operation, status: 'queued', startedTime: now, lastStatusTime: now };
    let created = false;
    try {
      created = await this.options.store.createWithinLimit(task, this.options.maxTasksPerAccount);
    } finally {
      if (!created) admitted.drop();
    }
    if (!created) {
      throw new AppError(
        'too_many_requests_error',
        `At most ${this.options.maxTasksPerAccount} tasks may be queued or running per account; wait for some to finish`,
      );
    }
    const done = this.execute(task, admitted, controller.signal).finally(() => this.running.delete(task.id));
    this.running.set(task.id, { controller, done });
    return task;
  }

  /** Cancels a queued or running task of this account; finished tasks stay as they are. */
  async cancel(account: string, id: string): Promise<TaskRecord> {
    const task = await this.options.store.get(id);
    if (!task || task.account !== account) throw new AppError('invalid_task_id_error', `No task ${id}`);
    if (!activeStatuses.has(task.status)) return task;
    const entry = this.running.get(id);
    const canceled = await this.options.store.update(id, { status: 'canceled', finishedTime: nextTimestamp() });
    entry?.controller.abort();
    return canceled ?? task;
  }

  /** Lets running tasks finish for up to `graceMs`, then cancels the rest. */
  async shutdown(graceMs: number): Promise<void> {
    const all = Promise.allSettled([...this.running.values()].map((entry) => entry.done));
    const timedOut = await Promise.race([all.then(() => false), delay(graceMs).then(() => true)]);
    if (!timedOut) return;
    for (const [id, entry] of this.running) {
      await this.options.store.update(id, { status: 'canceled', finishedTime: nextTimestamp() });
      entry.controller.abort();
    }
    await all;
  }

  /** Writes progress at most every `progressIntervalMs`. */
  private progressWriter(id: string): (fraction: number) => void {
    let lastWrite = 0;
    return (fraction) => {
      const now = Date.now();
      if (now - lastWrite < progressIntervalMs) return;
      lastWrite = now;
      void this.updateIfActive(id, { progress: Math.min(1, Math.max(0, fraction)) });
    };
  }

  private async execute(task: TaskRecord, admitted: AdmittedTask, signal: AbortSignal): Promise<void> {
    await this.updateIfActive(task.id, { status: 'running' });
    try {
      const result = await admitted.run();
      await this.updateIfActive(task.id, { status: 'completed', result, progress: 1, finishedTime: nextTimestamp() });
    } catch (error) {
      if (signal.aborted) return;
      if (!(error instanceof AppError)) this.options.onInternalError(task.id, error);
      await this.updateIfActive(task.id, { status: 'failed', error: toErrorResponse(error), finishedTime: nextTimestamp() });
    }
  }

  /** A canceled task must stay canceled even if its computation finishes in the same instant. */
  private async updateIfActive(id: string, change: Partial<TaskRecord>): Promise<void> {
    const current = await this.options.store.get(id);
    if (current && activeStatuses.has(current.status)) await this.options.store.update(id, change);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
