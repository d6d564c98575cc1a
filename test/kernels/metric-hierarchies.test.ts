// Metrics over one topology: identical weights share one hierarchy; each routes exactly under its weights.
import t from 'tap';
import { CLOSED_ARC, MemoryChain, MetricHierarchies, RoutingKernels, SharedRegions, buildHierarchy } from '../../src/kernels/index.js';
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
