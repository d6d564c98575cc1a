// Metrics over one topology: identical weights share one hierarchy; each routes exactly under its weights, and is
// contracted once where its hierarchy can be stored.
import { readdirSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import {
  CLOSED_ARC, MemoryChain, MetricHierarchies, RoutingKernels, SharedRegions, buildHierarchy, contractionOrder, serializeHierarchy,
  type MetricHierarchyFiles,
} from '../../src/kernels/index.js';
import { referenceRoute } from '../helpers/reference-dijkstra.js';
import { randomRoadGraph, randomSeeds, seededRandom } from '../helpers/random-graph.js';

const regions = SharedRegions.create();
const kernels = RoutingKernels.attach(regions.memory);
const graph = randomRoadGraph(91, 20);
const base = await buildHierarchy(regions, graph);
const chain = MemoryChain.of([regions]);

function slowerWeights(seed: number): Uint32Array {
  const random = seededRandom(seed);
  return graph.weight.map((w) => (w !== CLOSED_ARC && random() < 0.4 ? w * 2 + 1 : w));
}

t.test('equal weight arrays share one hierarchy, and the base metric is the base hierarchy', async (t) => {
  const metrics = new MetricHierarchies(chain, graph, base);
  const [a, b] = await Promise.all([metrics.forWeights(slowerWeights(1)), metrics.forWeights(slowerWeights(1))]);
  t.equal(a, b);
  t.equal((await metrics.forWeights(graph.weight.slice())).hierarchy, base);
  t.not(await metrics.forWeights(slowerWeights(2)), a);
  t.equal(metrics.size, 3);
});

t.test('each metric routes exactly under its own weights', async (t) => {
  const metrics = new MetricHierarchies(chain, graph, base);
  const weight = slowerWeights(3);
  const { hierarchy } = await metrics.forWeights(weight);
  const slower = { ...graph, weight };
  const random = seededRandom(3);
  for (let i = 0; i < 300; i++) {
    const sources = randomSeeds(random, graph.nodeCount);
    const targets = randomSeeds(random, graph.nodeCount);
    const expected = referenceRoute(slower, sources, targets)?.weight;
    const actual = kernels.route(hierarchy, sources, targets)?.weight;
    if (expected !== actual) return t.fail(`seed 3, pair ${i}: reference ${expected}, CH ${actual}`);
  }
  t.pass('300 pairs agree');
});

t.test('a metric with the wrong number of weights is refused', async (t) => {
  const metrics = new MetricHierarchies(chain, graph, base);
  t.throws(() => metrics.forWeights(new Uint32Array(3)), RangeError);
});

/** Files in `dir`, each metric's keyed by its digest, and the files read and the store failures reported. */
function filesIn(dir: string) {
  const failures: unknown[] = [], read: string[] = [];
  const files: MetricHierarchyFiles = {
    fileOf: (digest) => ({ path: join(dir, `${digest.slice(0, 16)}.ch`), key: `map/metric-${digest}` }),
    onRead: (path) => read.push(path),
    onStoreFailed: (error) => failures.push(error),
  };
  return { files, failures, read };
}

t.test('a metric contracted once is stored when asked, and read back by a later process instead of contracted again', async (t) => {
  const dir = t.testdir();
  const { files, failures, read } = filesIn(dir);
  const weight = slowerWeights(4);
  const first = await new MetricHierarchies(chain, graph, base, files).forWeights(weight);
  t.same(readdirSync(dir), [], 'not stored before its caller asks');
  first.store();
  first.store();
  const [name, ...others] = readdirSync(dir);
  t.ok(name, 'the hierarchy is stored');
  t.same(others, [], 'once');
  const stored = statSync(join(dir, name!));

  const laterRegions = SharedRegions.create();
  const laterBase = await buildHierarchy(laterRegions, graph);
  const later = await new MetricHierarchies(MemoryChain.of([laterRegions]), graph, laterBase, files).forWeights(weight);
  const again = statSync(join(dir, name!));
  t.equal(again.ino, stored.ino, 'the file is read, not written again');
  t.equal(again.mtimeMs, stored.mtimeMs);
  t.same(serializeHierarchy(laterRegions, later.hierarchy), serializeHierarchy(regions, first.hierarchy), 'the same hierarchy');
  t.same(read, [join(dir, name!)], 'and reported read, as in use');
  later.store();
  t.equal(statSync(join(dir, name!)).ino, stored.ino, 'a hierarchy read from its file is not stored again');
  t.same(failures, []);
});

t.test('a metric whose hierarchy cannot be stored still routes, and the failure is reported', async (t) => {
  const { files, failures } = filesIn(join(t.testdir(), 'no such folder'));
  const weight = slowerWeights(5);
  const { hierarchy, store } = await new MetricHierarchies(chain, graph, base, files).forWeights(weight);
  t.doesNotThrow(store);
  const random = seededRandom(5);
  const sources = randomSeeds(random, graph.nodeCount), targets = randomSeeds(random, graph.nodeCount);
  t.equal(kernels.route(hierarchy, sources, targets)?.weight, referenceRoute({ ...graph, weight }, sources, targets)?.weight);
  t.equal(failures.length, 1);
});

t.test('a prepared metric is stored without being kept, once, and read back when it is needed', async (t) => {
  const dir = t.testdir();
  const { files } = filesIn(dir);
  const weight = slowerWeights(6);
  const claimedBefore = regions.allocate(16);
  const metrics = new MetricHierarchies(chain, graph, base, files);
  t.equal(await metrics.prepare(weight), true, 'contracted the first time');
  t.equal(await metrics.prepare(weight), false, 'found in its file the second');
  t.equal(await metrics.prepare(graph.weight.slice()), false, 'the base metric is never prepared');
  t.equal(regions.allocate(16), claimedBefore + 16, 'nothing was placed in the chain');
  t.equal(await metrics.prepare(slowerWeights(7)), true, 'another metric');
  t.equal(readdirSync(dir).length, 2);

  t.equal(metrics.size, 1);

  const [name] = readdirSync(dir);
  const stored = statSync(join(dir, name!));
  const { hierarchy } = await metrics.forWeights(weight);
  t.equal(statSync(join(dir, name!)).ino, stored.ino, 'read, not contracted again');
  const random = seededRandom(6);
  const sources = randomSeeds(random, graph.nodeCount), targets = randomSeeds(random, graph.nodeCount);
  t.equal(kernels.route(hierarchy, sources, targets)?.weight, referenceRoute({ ...graph, weight }, sources, targets)?.weight);
});

t.test('a prepared metric whose file was cut short is contracted again', async (t) => {
  const dir = t.testdir();
  const metrics = new MetricHierarchies(chain, graph, base, filesIn(dir).files);
  const weight = slowerWeights(8);
  t.equal(await metrics.prepare(weight), true);
  const path = join(dir, readdirSync(dir)[0]!);
  truncateSync(path, statSync(path).size - 4);
  t.equal(await metrics.prepare(weight), true, 'contracted again');
  t.equal(await metrics.prepare(weight), false, 'and whole now');
});

t.test('a metric that changes every weight alike is contracted in the base order, one that changes some far more keeps only its lower ranks', async (t) => {
  const metrics = new MetricHierarchies(chain, graph, base);
  const baseOrder = contractionOrder(regions, base);
  const alike = graph.weight.map((w) => (w === CLOSED_ARC ? w : Math.round(w * 1.2)));
  const alikeHierarchy = await metrics.forWeights(alike);
  t.same(contractionOrder(chain.regions[alikeHierarchy.memory]!, alikeHierarchy.hierarchy), baseOrder, 'the base order');
  const apart = slowerWeights(9);
  const apartHierarchy = await metrics.forWeights(apart);
  const apartOrder = contractionOrder(chain.regions[apartHierarchy.memory]!, apartHierarchy.hierarchy);
  const kept = Math.round(0.9 * baseOrder.length);
  t.same(apartOrder.subarray(0, kept), baseOrder.subarray(0, kept), 'the base order\'s lowest nine tenths');
  t.notSame(apartOrder.subarray(kept), baseOrder.subarray(kept), 'an order of its own above them');
  const random = seededRandom(9);
  for (let i = 0; i < 100; i++) {
    const sources = randomSeeds(random, graph.nodeCount), targets = randomSeeds(random, graph.nodeCount);
    const expected = referenceRoute({ ...graph, weight: apart }, sources, targets)?.weight;
    if (kernels.route(apartHierarchy.hierarchy, sources, targets)?.weight !== expected) return t.fail(`pair ${i}`);
  }
  t.pass('and routes exactly');
});
