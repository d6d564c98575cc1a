/**
 * What the HTTP layer asks of tasks: submit within the account's limit, cancel, and a graceful stop. The embedded
 * runner computes in this process's pool (src/tasks/local-task-runner.ts); the queued runner hands tasks to
 * worker processes through Redis (src/queue/queued-task-runner.ts). The rules both follow live here.
 */
import { AppError } from '../errors.js';
import { nextTimestamp } from './clock.js';
import { activeStatusList, type TaskRecord } from './task.js';
import { newTaskId } from './task-id.js';
import type { TaskStore } from './task-store.js';

export interface TaskRunner {
  /** Validates the body (a 400 rejects, and no task exists), then creates the task within the account's limit (429). */
  submit(account: string, operation: string, body: Uint8Array): Promise<TaskRecord>;
  /** Cancels a queued or running task of this account, stopping its computation; finished tasks stay as they are. */
  cancel(account: string, id: string): Promise<TaskRecord>;
  /** Lets running tasks finish for up to `graceMs`, then hands back or cancels the rest. */
  shutdown(graceMs: number): Promise<void>;
}

/** A task record for `account`, not yet stored. */
export function newQueuedTask(account: string, operation: string): TaskRecord {
  const now = nextTimestamp();
  return { id: newTaskId(), account, operation, status: 'queued', startedTime: now, lastStatusTime: now };
}

/** Stores `task` unless its account is at its limit (429). */
export async function storeWithinLimit(store: TaskStore, task: TaskRecord, limit: number): Promise<TaskRecord> {
  if (await store.createWithinLimit(task, limit)) return task;
  throw new AppError('too_many_requests_error', `At most ${limit} tasks may be queued or running per account; wait for some to finish`);
}

/**
 * Marks the account's task canceled if it is still active. Returns the task as it now is: canceled, or finished
 * first by its computation (the compare-and-set lets exactly one of the two win).
 */
export async function cancelOwnTask(store: TaskStore, account: string, id: string): Promise<{ task: TaskRecord; canceledNow: boolean }> {
  const task = await store.get(id);
  if (!task || task.account !== account) throw new AppError('invalid_task_id_error', `No task ${id}`);
  const canceled = await store.transition(id, activeStatusList, { status: 'canceled' });
  if (canceled) return { task: canceled, canceledNow: true };
  return { task: (await store.get(id)) ?? task, canceledNow: false };
}

/** Writes progress at most every `intervalMs`: a solver may report thousands of times a second. */
export function throttledProgress(store: TaskStore, id: string, intervalMs: number): (fraction: number) => void {
  let lastWrite = 0;
  return (fraction) => {
    const now = Date.now();
    if (now - lastWrite < intervalMs) return;
    lastWrite = now;
    store.transition(id, ['running'], { progress: Math.min(1, Math.max(0, fraction)) }).catch(() => {});
  };
}
