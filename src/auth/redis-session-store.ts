/** Sessions shared by every instance of a scale-out deployment: one Redis key per session, expiring when idle. */
import type { Redis } from 'ioredis';
import { unlessRedisDown } from '../redis/redis-connection.js';
import { redisKeys } from '../redis/redis-keys.js';
import type { SessionStore } from './session-store.js';

export class RedisSessionStore implements SessionStore {
  readonly #redis: Redis;

  constructor(redis: Redis) {
    this.#redis = redis;
  }

  async create(key: string, username: string, idleSeconds: number): Promise<void> {
    await unlessRedisDown(() => this.#redis.set(redisKeys.session(key), username, 'EX', idleSeconds));
  }

  /** GETEX reads and restarts the idle time in one step, so a session in use never expires between the two. */
  async touch(key: string, idleSeconds: number): Promise<string | undefined> {
    const username = await unlessRedisDown(() => this.#redis.getex(redisKeys.session(key), 'EX', idleSeconds));
    return username ?? undefined;
  }

  /** The connection belongs to the caller. */
  async close(): Promise<void> {}
}
