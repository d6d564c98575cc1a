/**
 * Everything a scale-out process shares through Redis (docs/scale-out.md): the task and session stores, task
 * bodies and the task queues. Redis must answer at start (a clear error otherwise); later outages are ridden
 * out: task endpoints answer 503 while ioredis reconnects by itself.
 */
import type { Redis } from 'ioredis';
import { RedisSessionStore } from '../auth/redis-session-store.js';
import type { Config } from '../config.js';
import { TaskBodies } from '../queue/task-bodies.js';
import { TaskQueues } from '../queue/task-queues.js';
import { closeConnection, connected, openCommandConnection, openWaitingConnection } from '../redis/redis-connection.js';
import { RedisTaskStore } from '../tasks/redis-task-store.js';

export interface SharedBackend {
  redisUrl: string;
  /** The command connection, also timed for /metrics. */
  redis: Redis;
  taskStore: RedisTaskStore;
  sessionStore: RedisSessionStore;
  bodies: TaskBodies;
  queues: TaskQueues;
  close(): Promise<void>;
}

export async function connectSharedBackend(config: Config & { redis: string }): Promise<SharedBackend> {
  const name = `fleetroute-${config.role}-${process.pid}`;
  const redis = openCommandConnection(config.redis, name);
  const subscriber = openWaitingConnection(config.redis, `${name}-changes`);
  try {
    await Promise.all([connected(redis), connected(subscriber)]);
  } catch (error) {
    redis.disconnect();
    subscriber.disconnect();
    throw new Error(`Cannot reach Redis at ${config.redis}: ${(error as Error).message}`);
  }
  const taskStore = new RedisTaskStore(redis, subscriber, config.resultTtlSeconds);
  await taskStore.subscribe();
  const queues = new TaskQueues(redis);
  return {
    redisUrl: config.redis,
    redis,
    taskStore,
    sessionStore: new RedisSessionStore(redis),
    bodies: new TaskBodies(redis, config.resultTtlSeconds),
    queues,
    async close() {
      await queues.close();
      await taskStore.close();
      await Promise.all([closeConnection(redis), closeConnection(subscriber)]);
    },
  };
}
