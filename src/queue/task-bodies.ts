/**
 * A task's request body between the API that accepted it and the worker that computes it: the bytes as
 * received, stored once under its own key rather than inside the queue's job (which BullMQ would serialize
 * again). The body expires with the task's result time-to-live at the latest, and is deleted when the task
 * finishes (src/tasks/redis-task-scripts.ts).
 */
import type { Redis } from 'ioredis';
import { asBuffer } from '../common/as-buffer.js';
import { AppError } from '../errors.js';
import { unlessRedisDown } from '../redis/redis-connection.js';
import { redisKeys } from '../redis/redis-keys.js';

export class TaskBodies {
  constructor(
    private readonly redis: Redis,
    private readonly ttlSeconds: number,
  ) {}

  save(taskId: string, body: Uint8Array): Promise<unknown> {
    return unlessRedisDown(() => this.redis.set(redisKeys.body(taskId), asBuffer(body), 'EX', this.ttlSeconds));
  }

  async load(taskId: string): Promise<Uint8Array> {
    const body = await unlessRedisDown(() => this.redis.getBuffer(redisKeys.body(taskId)));
    if (body === null) throw new AppError('internal_server_error', `The body of task ${taskId} is no longer stored`);
    return body;
  }

  discard(taskId: string): Promise<unknown> {
    return unlessRedisDown(() => this.redis.del(redisKeys.body(taskId)));
  }
}
