import { execFileSync } from 'node:child_process';
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

/**
 * Whether a function compiled for instances of a class, all dropped since, is still compiled after a collection
 * of `extent`: in a process of its own, where V8's test hooks tell (--allow-natives-syntax).
 */
function stillCompiledAfter(extent: 'all' | 'young'): boolean {
  const module = new URL('../../src/pool/collect-garbage.js', import.meta.url).href;
  const source = `
    const { collectGarbage } = await import(${JSON.stringify(module)});
    class Point { constructor(x, y) { this.x = x; this.y = y; } }
    function length(point) { return Math.hypot(point.x, point.y); }
    function lengths() { let sum = 0; for (let i = 0; i < 1000; i++) sum += length(new Point(i, 1)); return sum; }
    // A background compilation of the loop (on-stack replacement) may still hold the class when the collection
    // runs on a loaded machine, keeping it alive: only length is compiled, at once.
    %NeverOptimizeFunction(lengths);
    %PrepareFunctionForOptimization(length);
    lengths();
    %OptimizeFunctionOnNextCall(length);
    lengths();
    // Past the turn that made the last points: one made just before sometimes outlived a collection.
    await new Promise((resolve) => setTimeout(resolve, 10));
    collectGarbage(${JSON.stringify(extent)});
    const optimized = 1 << 4;
    console.log((%GetOptimizationStatus(length) & optimized) !== 0);`;
  // Without the test runner's options: its coverage keeps code that a collection would otherwise throw away.
  const env = { PATH: process.env.PATH };
  const output = execFileSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', source], { encoding: 'utf8', env });
  return output.trim() === 'true';
}

t.test('a full collection throws away code compiled for objects that all died; a collection of young objects keeps it', async (t) => {
  t.equal(stillCompiledAfter('all'), false);
  t.equal(stillCompiledAfter('young'), true);
});
