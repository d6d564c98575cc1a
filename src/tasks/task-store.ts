import type { TaskRecord, TaskStatus } from './task.js';

/**
 * Where tasks live. Every method is async so that a shared store (Redis) can implement the same interface:
 * nothing outside a store may assume tasks are in this process's memory.
 */
export interface TaskStore {
  /** Creates the task unless its account already has `limit` queued or running tasks; false when refused. */
  createWithinLimit(task: TaskRecord, limit: number): Promise<boolean>;
  get(id: string): Promise<TaskRecord | undefined>;
  /** Applies a change and stamps a new `lastStatusTime`; finished tasks start their result time-to-live. */
  update(id: string, change: Partial<Omit<TaskRecord, 'id' | 'account'>>): Promise<TaskRecord | undefined>;
  /** The account's tasks, newest first. */
  list(account: string, filter: { status?: TaskStatus; limit: number }): Promise<TaskRecord[]>;
  countByStatus(): Promise<Record<TaskStatus, number>>;
  /**
   * Resolves with the task once its `lastStatusTime` is later than `after` (at once if it already is), or
   * undefined after `timeoutMs` or when `signal` aborts.
   */
  waitForChange(id: string, after: string, timeoutMs: number, signal?: AbortSignal): Promise<TaskRecord | undefined>;
  close(): Promise<void>;
}
