// The map cache stores hierarchies as bytes; a restored hierarchy must answer exactly like the original.
import t from 'tap';
import { buildHierarchy, restoreHierarchy, RoutingKernels, serializeHierarchy, SharedRegions } from '../../src/kernels/index.js';
import { randomRoadGraph, randomSeeds, seededRandom } from '../helpers/random-graph.js';

const graph = randomRoadGraph(71, 30);
const original = SharedRegions.create();
const hierarchy = await buildHierarchy(original, graph);
const bytes = serializeHierarchy(original, hierarchy);

t.test('a hierarchy restored into another memory routes exactly like the original', async (t) => {
  const other = SharedRegions.create();
  other.allocate(12_345); // a different address, so nothing depends on where the bytes land
  const restored = restoreHierarchy(other, bytes);
  t.not(restored.address, hierarchy.address);
  t.same(serializeHierarchy(other, restored), bytes, 'serializing again gives the same bytes');
  const before = RoutingKernels.attach(original.memory);
  const after = RoutingKernels.attach(other.memory);
  const random = seededRandom(71);
  const pairs = Array.from({ length: 500 }, () => [randomSeeds(random, graph.nodeCount), randomSeeds(random, graph.nodeCount)] as const);
  t.same(pairs.map(([s, d]) => after.route(restored, s, d)), pairs.map(([s, d]) => before.route(hierarchy, s, d)));
});

t.test('bytes that are not a whole hierarchy are refused', async (t) => {
  const regions = SharedRegions.create();
  t.throws(() => restoreHierarchy(regions, bytes.subarray(0, bytes.length - 4)), /wrong length/);
  t.throws(() => restoreHierarchy(regions, bytes.subarray(0, 10)), /truncated/);
  const foreign = bytes.slice();
  foreign[0] = 0;
  t.throws(() => restoreHierarchy(regions, foreign), /not a serialized hierarchy/);
});
