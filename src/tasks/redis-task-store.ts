/**
 * The shared task store of a scale-out deployment (docs/scale-out.md): task records as Redis hashes, results as
 * MessagePack with the configured time-to-live, the per-account limit and every transition in Lua scripts
 * (src/tasks/redis-task-scripts.ts). Each change is published on one channel; every instance subscribes and
 * wakes its own waiters, so `wait=1` and `after=` work on any instance without polling.
 */
import type { Redis } from 'ioredis';
import { pack, unpack } from 'msgpackr';
import type { ErrorResponse } from '../errors.js';
import type { ResultViews } from '../operations/result-views.js';
import { keyPrefix, redisKeys } from '../redis/redis-keys.js';
import { unlessRedisDown } from '../redis/redis-connection.js';
import { createWithinLimitScript, transitionScript } from './redis-task-scripts.js';
import { activeStatuses, taskStatuses, type TaskRecord, type TaskStatus } from './task.js';
import { TaskChangeFeed } from './task-change-feed.js';
import type { FinishedTask, TaskChange, TaskStore } from './task-store.js';

/** Tasks read per round trip when listing an account's tasks. */
const listPageSize = 200;

interface TaskScripts {
  createTaskWithinLimit(...args: Array<string | number>): Promise<number>;
  transitionTask(...args: Array<string | number | Buffer>): Promise<string[] | null>;
}

type ScriptedRedis = Redis & TaskScripts;

const iso = (ms: string | undefined): string | undefined => (ms === undefined ? undefined : new Date(Number(ms)).toISOString());

/** A task hash (as HGETALL's flat array or object) as a TaskRecord. */
function recordOf(id: string, fields: Record<string, string>): TaskRecord | undefined {
  if (!fields.status) return undefined;
  const task: TaskRecord = {
    id,
    account: fields.account!,
    operation: fields.operation!,
    status: fields.status as TaskStatus,
    startedTime: iso(fields.started)!,
    lastStatusTime: iso(fields.last)!,
  };
  if (fields.finished !== undefined) task.finishedTime = iso(fields.finished)!;
  if (fields.progress !== undefined) task.progress = Number(fields.progress);
  if (fields.error !== undefined) task.error = JSON.parse(fields.error) as ErrorResponse;
  return task;
}

function pairs(flat: string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) fields[flat[i]!] = flat[i + 1]!;
  return fields;
}

export class RedisTaskStore implements TaskStore {
  readonly #redis: ScriptedRedis;
  readonly #subscriber: Redis;
  readonly #feed = new TaskChangeFeed();
  readonly #resultTtlSeconds: number;
  /** A change message is the task's id and the status the change left it in (src/tasks/redis-task-scripts.ts). */
  readonly #onMessage = (_channel: string, message: string): void => {
    const [id, status] = message.split(' ');
    this.#feed.notify(id!, taskStatuses.includes(status as TaskStatus) ? (status as TaskStatus) : undefined);
  };

  /** `subscriber` is a connection of its own: a subscribed connection can issue no other command. */
  constructor(redis: Redis, subscriber: Redis, resultTtlSeconds: number) {
    redis.defineCommand('createTaskWithinLimit', { numberOfKeys: 4, lua: createWithinLimitScript });
    redis.defineCommand('transitionTask', { numberOfKeys: 2, lua: transitionScript });
    this.#redis = redis as ScriptedRedis;
    this.#subscriber = subscriber;
    this.#resultTtlSeconds = resultTtlSeconds;
    subscriber.on('message', this.#onMessage);
  }

  /** Resolves once change notifications are flowing (before it, a waiter could miss a change). */
  async subscribe(): Promise<void> {
    await this.#subscriber.subscribe(redisKeys.taskChanges);
  }

  createWithinLimit(task: TaskRecord, limit: number): Promise<boolean> {
    return unlessRedisDown(async () => {
      const started = Date.parse(task.startedTime);
      const created = await this.#redis.createTaskWithinLimit(
        redisKeys.task(task.id),
        redisKeys.activeTasks(task.account),
        redisKeys.accountTasks(task.account),
        redisKeys.tasksByStatus('queued'),
        limit,
        task.id,
        task.account,
        task.operation,
        started,
        keyPrefix,
      );
      return created === 1;
    });
  }

  get(id: string): Promise<TaskRecord | undefined> {
    return unlessRedisDown(async () => {
      return recordOf(id, await this.#redis.hgetall(redisKeys.task(id)));
    });
  }

  result(id: string): Promise<ResultViews | undefined> {
    return unlessRedisDown(async () => {
      const packed = await this.#redis.getBuffer(redisKeys.result(id));
      return packed ? (unpack(packed) as ResultViews) : undefined;
    });
  }

  transition(id: string, from: readonly TaskStatus[], change: TaskChange): Promise<TaskRecord | undefined> {
    return unlessRedisDown(async () => {
      const flat = await this.#redis.transitionTask(
        redisKeys.task(id),
        redisKeys.result(id),
        id,
        `,${from.join(',')},`,
        change.status ?? '',
        change.progress ?? '',
        change.error ? JSON.stringify(change.error) : '',
        change.result ? pack(change.result) : '',
        this.#resultTtlSeconds,
        keyPrefix,
        redisKeys.taskChanges,
      );
      return flat ? recordOf(id, pairs(flat)) : undefined;
    });
  }

  list(account: string, filter: { status?: TaskStatus; limit: number }): Promise<TaskRecord[]> {
    return unlessRedisDown(async () => {
      const found: TaskRecord[] = [];
      const listKey = redisKeys.accountTasks(account);
      for (let start = 0; found.length < filter.limit; start += listPageSize) {
        const ids = await this.#redis.zrevrange(listKey, start, start + listPageSize - 1);
        if (ids.length === 0) break;
        const pipeline = this.#redis.pipeline();
        for (const id of ids) pipeline.hgetall(redisKeys.task(id));
        const replies = (await pipeline.exec()) ?? [];
        const expired: string[] = [];
        ids.forEach((id, i) => {
          const task = recordOf(id, replies[i]![1] as Record<string, string>);
          if (!task) expired.push(id);
          else if (found.length < filter.limit && (filter.status === undefined || task.status === filter.status)) found.push(task);
        });
        if (expired.length > 0) {
          await this.#redis.zrem(listKey, ...expired);
          start -= expired.length;
        }
      }
      return found;
    });
  }

  countByStatus(): Promise<Record<TaskStatus, number>> {
    return unlessRedisDown(async () => {
      const pipeline = this.#redis.pipeline();
      const now = Date.now();
      for (const status of taskStatuses) {
        if (!activeStatuses.has(status)) pipeline.zremrangebyscore(redisKeys.tasksByStatus(status), '-inf', now);
        pipeline.zcard(redisKeys.tasksByStatus(status));
      }
      const replies = (await pipeline.exec()) ?? [];
      const counts = {} as Record<TaskStatus, number>;
      let reply = 0;
      for (const status of taskStatuses) {
        if (!activeStatuses.has(status)) reply++; // the expired entries' removal
        counts[status] = replies[reply++]![1] as number;
      }
      return counts;
    });
  }

  waitForChange(id: string, after: string, timeoutMs: number, signal?: AbortSignal): Promise<TaskRecord | undefined> {
    return this.#feed.waitForChange(id, after, timeoutMs, () => this.get(id), signal);
  }

  async waitUntilFinished(id: string, timeoutMs: number, signal?: AbortSignal): Promise<TaskRecord | undefined> {
    const read = async () => {
      const task = await this.get(id);
      return task && { task };
    };
    return (await this.#feed.waitUntilFinished(id, timeoutMs, read, signal))?.task;
  }

  waitForResult(id: string, timeoutMs: number, signal?: AbortSignal): Promise<FinishedTask | undefined> {
    return this.#feed.waitUntilFinished(id, timeoutMs, () => this.#withResult(id), signal);
  }

  /** The task and, once it completed, its result, in one round trip. */
  #withResult(id: string): Promise<FinishedTask | undefined> {
    return unlessRedisDown(async () => {
      const replies = (await this.#redis.pipeline().hgetall(redisKeys.task(id)).getBuffer(redisKeys.result(id)).exec()) ?? [];
      const failed = replies.find(([error]) => error)?.[0];
      if (failed || replies.length < 2) throw failed ?? new Error('the pipeline was discarded');
      const task = recordOf(id, replies[0]![1] as Record<string, string>);
      const packed = replies[1]![1] as Buffer | null;
      if (!task) return undefined;
      return packed ? { task, result: unpack(packed) as ResultViews } : { task };
    });
  }

  /** The connections belong to the caller; this only stops listening. */
  async close(): Promise<void> {
    this.#subscriber.off('message', this.#onMessage);
    this.#feed.close();
    await this.#subscriber.unsubscribe(redisKeys.taskChanges).catch(() => {});
  }
}
