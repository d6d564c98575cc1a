/**
 * Wakes whoever waits on a task (`wait=1`, `after=` long-polls, a worker watching for a cancel) when it changes. A
 * store calls `notify` for every change it learns of: its own transitions in memory, or the change messages every
 * instance publishes on Redis, with the status the change left the task in. Waiters re-read the task when a
 * change may be the one they wait for, so a message never has to carry the task itself; a waiter for a final
 * status reads nothing while the task only progresses.
 */
import { EventEmitter } from 'node:events';
import { activeStatuses, type TaskRecord, type TaskStatus } from './task.js';

type Read<T> = () => Promise<T | undefined>;
type ReadTask = Read<TaskRecord>;

/** What a waiter waits for: a task (as read) it would answer with, and which notified statuses may show one. */
interface Awaited<T> {
  reached(read: T): boolean;
  /** An unknown status (undefined) is always worth a read. */
  worthReading(status: TaskStatus | undefined): boolean;
}

export class TaskChangeFeed {
  readonly #changes = new EventEmitter();

  constructor() {
    this.#changes.setMaxListeners(0);
  }

  notify(id: string, status?: TaskStatus): void {
    this.#changes.emit(id, status);
  }

  /** Resolves with the task once `read` shows it changed after `after`; undefined on timeout or abort. */
  waitForChange(id: string, after: string, timeoutMs: number, read: ReadTask, signal?: AbortSignal): Promise<TaskRecord | undefined> {
    return this.#wait(id, { reached: (task) => task.lastStatusTime > after, worthReading: () => true }, timeoutMs, read, signal);
  }

  /**
   * Resolves with what `read` reads (the task, perhaps with more) once its task is in a final status; undefined on
   * timeout or abort.
   */
  waitUntilFinished<T extends { task: TaskRecord }>(id: string, timeoutMs: number, read: Read<T>, signal?: AbortSignal): Promise<T | undefined> {
    const finished: Awaited<T> = {
      reached: (found) => !activeStatuses.has(found.task.status),
      worthReading: (status) => status === undefined || !activeStatuses.has(status),
    };
    return this.#wait(id, finished, timeoutMs, read, signal);
  }

  #wait<T>(id: string, awaited: Awaited<T>, timeoutMs: number, read: Read<T>, signal: AbortSignal | undefined): Promise<T | undefined> {
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
      const finish = (found: T | undefined): void => {
        if (settle()) resolve(found);
      };
      const check = (status?: TaskStatus): void => {
        if (!awaited.worthReading(status)) return;
        read().then(
          (found) => {
            if (!found || awaited.reached(found)) finish(found);
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
