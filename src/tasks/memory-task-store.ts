/** The embedded task store: one process's memory, results dropped after their time-to-live. */
import { EventEmitter } from 'node:events';
import { LRUCache } from 'lru-cache';
import { nextTimestamp } from './clock.js';
import { activeStatuses, type TaskRecord, type TaskStatus } from './task.js';
import type { TaskStore } from './task-store.js';

const maxStoredTasks = 1_000_000;

export class MemoryTaskStore implements TaskStore {
  private readonly tasks: LRUCache<string, TaskRecord>;
  private readonly changes = new EventEmitter();
  private readonly resultTtlMs: number;

  constructor(resultTtlSeconds: number) {
    this.resultTtlMs = resultTtlSeconds * 1000;
    // Active tasks are never evicted: only finished ones get a time-to-live.
    this.tasks = new LRUCache({ max: maxStoredTasks, ttlAutopurge: true });
    this.changes.setMaxListeners(0);
  }

  async createWithinLimit(task: TaskRecord, limit: number): Promise<boolean> {
    let active = 0;
    for (const existing of this.tasks.values()) {
      if (existing.account === task.account && activeStatuses.has(existing.status)) active++;
    }
    if (active >= limit) return false;
    this.tasks.set(task.id, { ...task });
    return true;
  }

  async get(id: string): Promise<TaskRecord | undefined> {
    const task = this.tasks.get(id);
    return task && { ...task };
  }

  async update(id: string, change: Partial<Omit<TaskRecord, 'id' | 'account'>>): Promise<TaskRecord | undefined> {
    const task = this.tasks.get(id);
    if (!task) return undefined;
    const updated: TaskRecord = { ...task, ...change, lastStatusTime: nextTimestamp() };
    const finished = !activeStatuses.has(updated.status);
    this.tasks.set(id, updated, finished ? { ttl: this.resultTtlMs } : {});
    this.changes.emit(id, updated);
    return { ...updated };
  }

  async list(account: string, filter: { status?: TaskStatus; limit: number }): Promise<TaskRecord[]> {
    const mine = [...this.tasks.values()].filter(
      (task) => task.account === account && (filter.status === undefined || task.status === filter.status),
    );
    mine.sort((a, b) => (a.startedTime < b.startedTime ? 1 : a.startedTime > b.startedTime ? -1 : 0));
    return mine.slice(0, filter.limit).map((task) => ({ ...task }));
  }

  async countByStatus(): Promise<Record<TaskStatus, number>> {
    const counts: Record<TaskStatus, number> = { queued: 0, running: 0, completed: 0, failed: 0, canceled: 0 };
    for (const task of this.tasks.values()) counts[task.status]++;
    return counts;
  }

  waitForChange(id: string, after: string, timeoutMs: number, signal?: AbortSignal): Promise<TaskRecord | undefined> {
    const current = this.tasks.get(id);
    if (!current || current.lastStatusTime > after) return Promise.resolve(current && { ...current });
    return new Promise((resolve) => {
      const finish = (task: TaskRecord | undefined): void => {
        clearTimeout(timer);
        this.changes.off(id, onChange);
        signal?.removeEventListener('abort', onAbort);
        resolve(task && { ...task });
      };
      const onChange = (task: TaskRecord): void => {
        if (task.lastStatusTime > after) finish(task);
      };
      const onAbort = (): void => finish(undefined);
      const timer = setTimeout(() => finish(undefined), timeoutMs);
      this.changes.on(id, onChange);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  async close(): Promise<void> {
    this.changes.removeAllListeners();
    this.tasks.clear();
  }
}
