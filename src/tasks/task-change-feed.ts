/**
 * Wakes whoever waits on a task (`wait=1`, `after=` long-polls) when it changes. A store calls `notify` for every
 * change it learns of: its own transitions in memory, or the change messages every instance publishes on Redis.
 * Waiters re-read the task on each notification, so a message never has to carry the task itself.
 */
import { EventEmitter } from 'node:events';
import type { TaskRecord } from './task.js';

export class TaskChangeFeed {
  readonly #changes = new EventEmitter();

  constructor() {
    this.#changes.setMaxListeners(0);
  }

  notify(id: string): void {
    this.#changes.emit(id);
  }

  /** Resolves with the task once `read` shows it changed after `after`; undefined on timeout or abort. */
  waitForChange(
    id: string,
    after: string,
    timeoutMs: number,
    read: () => Promise<TaskRecord | undefined>,
    signal?: AbortSignal,
  ): Promise<TaskRecord | undefined> {
    return new Promise((resolve, reject) => {
      let settled = false;
      const settle = (): boolean => {
        if (settled) return false;
        settled = true;
        clearTimeout(timer);
        this.#changes.off(id, check);
        signal?.removeEventListener('abort', onAbort);
        return true;
      };
      const finish = (task: TaskRecord | undefined): void => {
        if (settle()) resolve(task);
      };
      const check = (): void => {
        read().then(
          (task) => {
            if (!task || task.lastStatusTime > after) finish(task);
          },
          (error: unknown) => {
            if (settle()) reject(error);
          },
        );
      };
      const onAbort = (): void => finish(undefined);
      const timer = setTimeout(() => finish(undefined), timeoutMs);
      // Listening before the first read: a change between the read and the subscription cannot be missed.
      this.#changes.on(id, check);
      signal?.addEventListener('abort', onAbort, { once: true });
      check();
    });
  }

  close(): void {
    this.#changes.removeAllListeners();
  }
}
