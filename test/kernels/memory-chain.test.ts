// A metric's hierarchy goes to the first memory of the chain with room for it, and routes there exactly as it
// would in the first; with no room anywhere its build fails as a full memory does.
import t from 'tap';
import { CLOSED_ARC, KernelMemoryError, MemoryChain, MetricHierarchies, RoutingKernels, SharedRegions, buildHierarchy } from '../../src/kernels/index.js';
import { fillRoutingMemory } from '../helpers/full-memory.js';
import { referenceRoute } from '../helpers/reference-dijkstra.js';
import { randomRoadGraph, randomSeeds, seededRandom } from '../helpers/random-graph.js';

const graph = randomRoadGraph(17, 16);

function slowerWeights(seed: number): Uint32Array {
  const random = seededRandom(seed);
  return graph.weight.map((w) => (w !== CLOSED_ARC && random() < 0.4 ? w * 2 + 1 : w));
}

t.test('a hierarchy that does not fit the first memory is laid out in the next one and routes exactly there', async (t) => {
  const own = SharedRegions.create(), spare = SharedRegions.create();
  const base = await buildHierarchy(own, graph);
  fillRoutingMemory(own);
  const metrics = new MetricHierarchies(MemoryChain.of([own, spare]), graph, base);
  const weight = slowerWeights(5);
  const { hierarchy, memory } = await metrics.forWeights(weight);
  t.equal(memory, 1, 'the spare memory holds it');
  const kernels = RoutingKernels.attach(spare.memory);
  const random = seededRandom(5);
  for (let i = 0; i < 200; i++) {
    const sources = randomSeeds(random, graph.nodeCount), targets = randomSeeds(random, graph.nodeCount);
    const expected = referenceRoute({ ...graph, weight }, sources, targets)?.weight;
    const actual = kernels.route(hierarchy, sources, targets)?.weight;
    if (expected !== actual) return t.fail(`pair ${i}: reference ${expected}, CH ${actual}`);
  }
  t.pass('200 pairs agree with the reference');
});

t.test('with no memory of the chain left a metric\'s build fails as a full memory, and a later one may try again', async (t) => {
  const own = SharedRegions.create();
  const base = await buildHierarchy(own, graph);
  fillRoutingMemory(own);
  const metrics = new MetricHierarchies(MemoryChain.of([own]), graph, base);
  await t.rejects(metrics.forWeights(slowerWeights(6)), { name: 'KernelMemoryError' });
  t.equal(metrics.size, 1, 'the failed build is not kept');
});

t.test('arrays go to the first memory with room, and are read back from there', async (t) => {
  const own = SharedRegions.create(), spare = SharedRegions.create();
  const chain = MemoryChain.of([own, spare]);
  const values = Uint32Array.from([3, 1, 4, 1, 5]);
  const roomy = chain.placeUint32s(values);
  t.equal(roomy.memory, 0);
  fillRoutingMemory(own);
  const spilled = chain.placeUint32s(values);
  t.equal(spilled.memory, 1);
  t.same([...chain.uint32s(roomy, 5)], [...values]);
  t.same([...chain.uint32s(spilled, 5)], [...values]);
  t.throws(() => MemoryChain.of([own]).placeUint32s(values), KernelMemoryError);
});
