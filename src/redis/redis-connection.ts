/**
 * Connections to the Redis of a scale-out deployment (docs/scale-out.md). Commands fail fast while Redis is
 * unreachable (no offline queue, a command time-out), so a task endpoint answers 503 at once instead of hanging;
 * ioredis reconnects by itself in the background, and subscriptions are renewed when it does.
 */
import { Redis } from 'ioredis';
import { AppError } from '../errors.js';

/** Long enough for a slow fsync on a loaded machine, short enough that a client is answered promptly. */
const commandTimeoutMs = 3000;
const maxReconnectDelayMs = 2000;

const reconnect = (attempt: number): number => Math.min(50 * 2 ** attempt, maxReconnectDelayMs);

/** A connection for commands: task and session stores, queue producers. */
export function openCommandConnection(url: string, name: string): Redis {
  return new Redis(url, {
    connectionName: name,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: commandTimeoutMs,
    retryStrategy: reconnect,
  });
}

/**
 * A connection that may block or subscribe (change notifications, queue workers): it waits out an outage
 * instead of failing, as BullMQ requires of its workers.
 */
export function openWaitingConnection(url: string, name: string): Redis {
  return new Redis(url, { connectionName: name, maxRetriesPerRequest: null, retryStrategy: reconnect });
}

/** Resolves once the connection is ready, or rejects with what stopped it (a bad URL, Redis down at start). */
export function connected(redis: Redis, timeoutMs = 10_000): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    let lastError: Error | undefined;
    const onError = (error: Error): void => {
      lastError = error;
    };
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      redis.off('error', onError);
      reject(new Error(`Redis not reachable within ${timeoutMs} ms${lastError ? `: ${lastError.message}` : ''}`));
    }, timeoutMs);
    const onReady = (): void => {
      clearTimeout(timer);
      redis.off('error', onError);
      resolve();
    };
    redis.once('ready', onReady);
    redis.on('error', onError);
  });
}

/** Runs a store operation, turning a Redis outage into the 503 every task endpoint answers with. */
export async function unlessRedisDown<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('service_unavailable_error', 'The shared task store (Redis) is unreachable; try again shortly', {
      extra: { cause: error instanceof Error ? error.message : String(error) },
    });
  }
}

/** Closes a connection now, whatever state it is in. */
export async function closeConnection(redis: Redis): Promise<void> {
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}
