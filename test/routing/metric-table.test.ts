import t from 'tap';
import { MetricTable, type BuiltMetric, type SharedMetric } from '../../src/routing/load/metric-table.js';

const handle = (address: number): SharedMetric => ({
  hierarchy: { address, nodeCount: 3, arcCount: 4, shortcutCount: 1, byteOffset: address + 48, byteLength: 100 },
  hierarchyMemory: 1,
  weight: { memory: 0, address: address + 256 },
  durationMs: { memory: 2, address: address + 512 },
});

const built = (metric: SharedMetric): BuiltMetric => ({ metric, afterPublished: () => undefined });

t.test('a metric asked for by several callers at once is built once, and every caller gets it', async (t) => {
  const table = MetricTable.create(4);
  let builds = 0;
  const build = async () => {
    builds++;
    await new Promise((resolve) => setTimeout(resolve, 30));
    return built(handle(4096));
  };
  const results = await Promise.all([table.obtain(2, build), table.obtain(2, build), table.obtain(2, build)]);
  t.equal(builds, 1);
  t.same(results, [handle(4096), handle(4096), handle(4096)]);
  t.same(new MetricTable(table.buffer).get(2), handle(4096), 'another thread holding the buffer sees it');
  t.equal(table.get(1), undefined, 'other metrics stay unbuilt');
});

t.test('a failed build frees the metric so that the next caller builds it', async (t) => {
  const table = MetricTable.create(2);
  await t.rejects(table.obtain(1, async () => { throw new Error('contraction failed'); }), /contraction failed/);
  t.same(await table.obtain(1, async () => built(handle(8192))), handle(8192));
});

t.test('a build abandoned by a terminated worker is taken over once its heartbeat is stale', async (t) => {
  const table = MetricTable.create(2);
  const slots = new Int32Array(table.buffer);
  // What a worker terminated mid-build leaves behind: BUILDING, and a heartbeat that stopped 10 s ago.
  const slotInts = slots.length / 2;
  slots[slotInts] = 1;
  slots[slotInts + 7] = Math.floor(Date.now() / 1000) - 10;
  t.same(await table.obtain(1, async () => built(handle(4096))), handle(4096));
});

t.test('a key outside the table is refused', async (t) => {
  const table = MetricTable.create(2);
  await t.rejects(table.obtain(2, async () => built(handle(1))), RangeError);
});

t.test('what a builder does after its metric is built runs once every thread can see the metric', async (t) => {
  const table = MetricTable.create(2);
  let seenThen: SharedMetric | undefined;
  const metric = await table.obtain(1, async () => ({
    metric: handle(4096),
    afterPublished: () => (seenThen = new MetricTable(table.buffer).get(1)),
  }));
  t.same(seenThen, metric, 'published before the store that may hold the thread for seconds');
});
