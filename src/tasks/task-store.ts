import type { ErrorResponse } from '../errors.js';
import type { ResultViews } from '../operations/result-views.js';
import type { TaskRecord, TaskStatus } from './task.js';

/** What a transition may change; the store stamps `lastStatusTime`, and `finishedTime` on entering a final status. */
export interface TaskChange {
  status?: TaskStatus;
  progress?: number;
  result?: ResultViews;
  error?: ErrorResponse;
}

/** A task in a final status and, when it completed, its result (gone once expired). */
export interface FinishedTask {
  task: TaskRecord;
  result?: ResultViews;
}

/**
 * Where tasks live. Every method is async so that a shared store (Redis) implements the same interface: nothing
 * outside a store may assume tasks are in this process's memory. Both stores pass one contract suite
 * (test/tasks/task-store-contract.ts).
 */
export interface TaskStore {
  /** Creates the task unless its account already has `limit` queued or running tasks; false when refused. */
  createWithinLimit(task: TaskRecord, limit: number): Promise<boolean>;
  get(id: string): Promise<TaskRecord | undefined>;
  /** The JSON text of each view of a completed task's result (src/operations/result-views.ts), as it is sent. */
  result(id: string): Promise<ResultViews | undefined>;
  /**
   * Applies `change` only if the task's current status is one of `from`, atomically (a compare-and-set): a cancel
   * racing a completion leaves exactly one final status. Entering a final status frees the account's slot and
   * starts the result's time-to-live. Resolves with the changed task, or undefined when nothing was changed.
   */
  transition(id: string, from: readonly TaskStatus[], change: TaskChange): Promise<TaskRecord | undefined>;
  /** The account's tasks, newest first. */
  list(account: string, filter: { status?: TaskStatus; limit: number }): Promise<TaskRecord[]>;
  countByStatus(): Promise<Record<TaskStatus, number>>;
  /**
   * Resolves with the task once its `lastStatusTime` is later than `after` (at once if it already is), or
   * undefined after `timeoutMs` or when `signal` aborts. Changes made by any instance sharing the store count.
   */
  waitForChange(id: string, after: string, timeoutMs: number, signal?: AbortSignal): Promise<TaskRecord | undefined>;
  /**
   * Resolves with the task once it has left the active statuses (at once if it has), or undefined after
   * `timeoutMs` or when `signal` aborts. Changes that leave it active (progress, running) cost no read.
   */
  waitUntilFinished(id: string, timeoutMs: number, signal?: AbortSignal): Promise<TaskRecord | undefined>;
  /** As `waitUntilFinished`, with the result of a completed task read in the same step (one round trip in Redis). */
  waitForResult(id: string, timeoutMs: number, signal?: AbortSignal): Promise<FinishedTask | undefined>;
  close(): Promise<void>;
}
