// A pool is started when every worker thread has attached its resources: the service reports ready only then,
// and a resource that cannot attach fails the start instead of every request.
import t from 'tap';
import { createWorkerPool } from '../../src/pool/pool.js';
import { SLOW_ATTACH_MS } from '../fixtures/startup-resources.js';

const resourceModule = new URL('../fixtures/startup-resources.js', import.meta.url).href;

// Idle Piscina workers do not keep a process alive; a server's listening socket does. The test stands in for it.
const keepAlive = setInterval(() => {}, 1000);
t.teardown(() => clearInterval(keepAlive));

function poolWith(resources: Record<string, unknown>) {
  return createWorkerPool({
    workers: 2,
    setup: { limits: { maxJobsToInsert: 1000, maxTimeLimitSeconds: 600, solveThreads: 1 }, extraOperationModules: [], resourceModules: [resourceModule], resources },
    onInternalError: () => {},
  });
}

t.test('a pool is started only once its idle workers have attached their resources, before any job arrives', async (t) => {
  const createdAt = performance.now();
  const pool = poolWith({ slow: { name: 'slow' } });
  t.teardown(() => pool.close());
  await pool.started;
  t.ok(performance.now() - createdAt >= SLOW_ATTACH_MS, 'the attachment ran to its end with no job to drive it');
});

t.test('a resource that cannot attach fails the pool\'s start with its reason', async (t) => {
  const pool = poolWith({ broken: {} });
  t.teardown(() => pool.close());
  await t.rejects(pool.started, /this resource cannot attach/);
});

t.test('a started pool knows the heap of every lane from its workers\' reports', async (t) => {
  const pool = poolWith({ slow: { name: 'slow' } });
  t.teardown(() => pool.close());
  await pool.started;
  const heap = pool.heap();
  for (const lane of ['sync', 'task'] as const) {
    t.ok(heap[lane].usedBytes > 0, `${lane}: ${heap[lane].usedBytes} bytes used`);
    t.ok(heap[lane].totalBytes >= heap[lane].usedBytes, `${lane}: allocated at least what is used`);
  }
});
