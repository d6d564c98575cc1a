// Several workers route on one hierarchy in one shared memory at the same time, each in its own slot.
import t from 'tap';
import { Piscina } from 'piscina';
import { buildHierarchy, SharedRegions, type Seed } from '../../src/kernels/index.js';
import { referenceRoute } from '../helpers/reference-dijkstra.js';
import { randomRoadGraph, randomSeeds, seededRandom } from '../helpers/random-graph.js';

t.test('workers sharing one memory answer concurrent routes exactly like the reference', async (t) => {
  const regions = SharedRegions.create();
  const graph = randomRoadGraph(81, 40);
  const hierarchy = await buildHierarchy(regions, graph);
  const pool = new Piscina({
    filename: new URL('../fixtures/route-worker.js', import.meta.url).href,
    workerData: { memory: regions.memory },
    minThreads: 3,
    maxThreads: 3,
    idleTimeout: Infinity,
  });
  t.teardown(() => pool.destroy());
  const random = seededRandom(81);
  const batches = Array.from({ length: 12 }, () =>
    Array.from({ length: 200 }, (): [Seed[], Seed[]] => [randomSeeds(random, graph.nodeCount), randomSeeds(random, graph.nodeCount)]));
  const answers = await Promise.all(batches.map((pairs) => pool.run({ hierarchy, pairs })));
  const expected = batches.map((pairs) => pairs.map(([s, d]) => referenceRoute(graph, s, d)?.weight ?? null));
  t.same(answers, expected);
});
