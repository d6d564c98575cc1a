/** The embedded task store: one process's memory, results dropped after their time-to-live. */
import { LRUCache } from 'lru-cache';
import { nextTimestamp } from './clock.js';
import type { ResultViews } from '../operations/result-views.js';
import { activeStatuses, taskStatuses, type TaskRecord, type TaskStatus } from './task.js';
import { TaskChangeFeed } from './task-change-feed.js';
import type { FinishedTask, TaskChange, TaskStore } from './task-store.js';

const maxStoredTasks = 1_000_000;

interface StoredTask {
  record: TaskRecord;
  result?: ResultViews;
}

export class MemoryTaskStore implements TaskStore {
  private readonly tasks: LRUCache<string, StoredTask>;
  private readonly feed = new TaskChangeFeed();
  private readonly resultTtlMs: number;

  constructor(resultTtlSeconds: number) {
    this.resultTtlMs = resultTtlSeconds * 1000;
    // Active tasks are never evicted: only finished ones get a time-to-live. Bounded by size, not `max`, which
    // would allocate two arrays of a million slots up front that the HTTP thread's every full collection marks.
    this.tasks = new LRUCache({ maxSize: maxStoredTasks, sizeCalculation: () => 1, ttlAutopurge: true });
  }

  async createWithinLimit(task: TaskRecord, limit: number): Promise<boolean> {
    let active = 0;
    for (const { record } of this.tasks.values()) {
      if (record.account === task.account && activeStatuses.has(record.status)) active++;
    }
    if (active >= limit) return false;
    this.tasks.set(task.id, { record: { ...task } });
    return true;
  }

  async get(id: string): Promise<TaskRecord | undefined> {
    const stored = this.tasks.get(id);
    return stored && { ...stored.record };
  }

  async result(id: string): Promise<ResultViews | undefined> {
    return this.tasks.get(id)?.result;
  }

  /** Atomic because nothing awaits between the status check and the write. */
  async transition(id: string, from: readonly TaskStatus[], change: TaskChange): Promise<TaskRecord | undefined> {
    const stored = this.tasks.get(id);
    if (!stored || !from.includes(stored.record.status)) return undefined;
    const now = nextTimestamp();
    const { result, ...recordChange } = change;
    const updated: TaskRecord = { ...stored.record, ...recordChange, lastStatusTime: now };
    const finished = !activeStatuses.has(updated.status);
    if (finished && activeStatuses.has(stored.record.status)) updated.finishedTime = now;
    this.tasks.set(id, { record: updated, result: result ?? stored.result }, finished ? { ttl: this.resultTtlMs } : {});
    this.feed.notify(id, updated.status);
    return { ...updated };
  }

  async list(account: string, filter: { status?: TaskStatus; limit: number }): Promise<TaskRecord[]> {
    const mine = [...this.tasks.values()].map(({ record }) => record).filter(
      (task) => task.account === account && (filter.status === undefined || task.status === filter.status),
    );
    mine.sort((a, b) => (a.startedTime < b.startedTime ? 1 : a.startedTime > b.startedTime ? -1 : 0));
    return mine.slice(0, filter.limit).map((task) => ({ ...task }));
  }

  async countByStatus(): Promise<Record<TaskStatus, number>> {
    const counts = Object.fromEntries(taskStatuses.map((status) => [status, 0])) as Record<TaskStatus, number>;
    for (const { record } of this.tasks.values()) counts[record.status]++;
    return counts;
  }

  waitForChange(id: string, after: string, timeoutMs: number, signal?: AbortSignal): Promise<TaskRecord | undefined> {
    return this.feed.waitForChange(id, after, timeoutMs, () => this.get(id), signal);
  }

  async waitUntilFinished(id: string, timeoutMs: number, signal?: AbortSignal): Promise<TaskRecord | undefined> {
    return (await this.waitForResult(id, timeoutMs, signal))?.task;
  }

  waitForResult(id: string, timeoutMs: number, signal?: AbortSignal): Promise<FinishedTask | undefined> {
    const read = async (): Promise<FinishedTask | undefined> => {
      const stored = this.tasks.get(id);
      return stored && { task: { ...stored.record }, result: stored.result };
    };
    return this.feed.waitUntilFinished(id, timeoutMs, read, signal);
  }

  async close(): Promise<void> {
    this.feed.close();
    this.tasks.clear();
  }
}
