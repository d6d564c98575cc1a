import t from 'tap';
import { closeConnection, connected, openCommandConnection, openWaitingConnection } from '../../src/redis/redis-connection.js';
import { RedisTaskStore } from '../../src/tasks/redis-task-store.js';
import { redisSkip, TestRedis } from '../helpers/redis-server.js';
import { taskStoreContract } from './task-store-contract.js';

const skip = redisSkip();

t.test('the Redis task store keeps the task store contract', { skip }, async (t) => {
  const redis = await TestRedis.start();
  t.teardown(() => redis.close());

  async function openStore(ttl: number): Promise<{ store: RedisTaskStore; close(): Promise<void> }> {
    const command = openCommandConnection(redis.url, 'test');
    const subscriber = openWaitingConnection(redis.url, 'test-subscriber');
    await Promise.all([connected(command), connected(subscriber)]);
    const store = new RedisTaskStore(command, subscriber, ttl);
    await store.subscribe();
    return {
      store,
      close: async () => {
        await store.close();
        await Promise.all([closeConnection(command), closeConnection(subscriber)]);
      },
    };
  }

  taskStoreContract(t, async (ttl) => {
    const flush = openCommandConnection(redis.url, 'flush');
    await connected(flush);
    await flush.flushall();
    await closeConnection(flush);
    const [a, b] = [await openStore(ttl), await openStore(ttl)];
    return { store: a.store, peer: b.store, close: async () => void (await Promise.all([a.close(), b.close()])) };
  });
});
