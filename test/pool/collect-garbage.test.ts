import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import t from 'tap';
import { collectGarbage } from '../../src/pool/collect-garbage.js';

/** A buffer nothing refers to any more, watched through a weak reference (created in a function of its own, so no local keeps it). */
function droppedBuffer(bytes: number): WeakRef<ArrayBuffer> {
  return new WeakRef(new ArrayBuffer(bytes));
}

t.test('collects a buffer nothing refers to, in a process started without --expose-gc', async (t) => {
  t.equal(typeof (globalThis as { gc?: unknown }).gc, 'undefined', 'the test runs without the collector exposed');
  const watched = droppedBuffer(16 << 20);
  // A weak reference keeps its target alive until the end of any turn that made or dereferenced it.
  await nextTurn();
  t.ok(watched.deref(), 'still there before the collection');
  await nextTurn();
  collectGarbage();
  t.equal(watched.deref(), undefined, 'gone after it');
  t.equal(typeof (globalThis as { gc?: unknown }).gc, 'undefined', 'and the running context still has no collector of its own');
});

t.test('threads collecting at once all find the collector', async (t) => {
  const module = new URL('../../src/pool/collect-garbage.js', import.meta.url).href;
  const source = `import(${JSON.stringify(module)}).then(({ collectGarbage }) => {
    for (let i = 0; i < 300; i++) collectGarbage();
    require('node:worker_threads').parentPort.postMessage('collected');
  });`;
  const outcomes = await Promise.all(Array.from({ length: 6 }, () => new Promise<string>((resolve) => {
    const worker = new Worker(source, { eval: true });
    worker.once('message', (message: string) => resolve(message));
    worker.once('error', (error: Error) => resolve(error.message));
  })));
  t.same(outcomes, outcomes.map(() => 'collected'));
});
