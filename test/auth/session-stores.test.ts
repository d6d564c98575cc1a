import t from 'tap';
import { MemorySessionStore } from '../../src/auth/memory-session-store.js';
import { RedisSessionStore } from '../../src/auth/redis-session-store.js';
import { closeConnection, connected, openCommandConnection } from '../../src/redis/redis-connection.js';
import { redisSkip, TestRedis } from '../helpers/redis-server.js';
import { sessionStoreContract } from './session-store-contract.js';

t.test('the in-memory session store keeps the session store contract', async (t) => {
  sessionStoreContract(t, async () => {
    const store = new MemorySessionStore();
    return { store, peer: store, close: () => store.close() };
  });
});

t.test('the Redis session store keeps the session store contract', { skip: redisSkip() }, async (t) => {
  const redis = await TestRedis.start();
  t.teardown(() => redis.close());
  sessionStoreContract(t, async () => {
    const [a, b] = [openCommandConnection(redis.url, 'a'), openCommandConnection(redis.url, 'b')];
    await Promise.all([connected(a), connected(b)]);
    return {
      store: new RedisSessionStore(a),
      peer: new RedisSessionStore(b),
      close: async () => void (await Promise.all([closeConnection(a), closeConnection(b)])),
    };
  });
});
