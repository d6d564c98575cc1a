// The bucket many-to-many kernel must agree with single routes, cell by cell.
import t from 'tap';
import { buildHierarchy, RoutingKernels, SharedRegions, UNREACHED } from '../../src/kernels/index.js';
import { randomInt, randomRoadGraph, randomSeeds, seededRandom } from '../helpers/random-graph.js';
import { routeInconsistency } from '../helpers/route-checks.js';

const regions = SharedRegions.create();
const kernels = RoutingKernels.attach(regions.memory);

t.test('every matrix cell equals the single route between its seed sets', async (t) => {
  for (const seed of [31, 32, 33]) {
    const graph = randomRoadGraph(seed, 25);
    const hierarchy = await buildHierarchy(regions, graph);
    const random = seededRandom(seed);
    const sources = Array.from({ length: 17 }, () => randomSeeds(random, graph.nodeCount));
    const targets = Array.from({ length: 23 }, () => randomSeeds(random, graph.nodeCount));
    const matrix = kernels.manyToMany(hierarchy, sources, targets);
    let mismatches = 0;
    sources.forEach((source, s) => targets.forEach((target, j) => {
      const route = kernels.route(hierarchy, source, target);
      const cell = s * targets.length + j;
      if ((route?.weight ?? UNREACHED) !== matrix.weight[cell]) {
        if (mismatches++ === 0) t.fail(`graph seed ${seed}, cell ${s}×${j}: route ${route?.weight}, matrix ${matrix.weight[cell]}`);
      }
    }));
    t.equal(mismatches, 0, `graph seed ${seed}: ${sources.length}×${targets.length} cells`);
  }
});

t.test('matrix distances are those of single routes when no two paths tie', async (t) => {
  // Weights up to a million make equal-duration alternatives (with other distances) practically absent.
  const base = randomRoadGraph(41, 25);
  const random = seededRandom(41);
  const graph = { ...base, weight: base.weight.map(() => 1 + randomInt(random, 1_000_000)) };
  const hierarchy = await buildHierarchy(regions, graph);
  const points = Array.from({ length: 20 }, () => [{ node: randomInt(random, graph.nodeCount), weight: 0, distance: 0 }]);
  const matrix = kernels.manyToMany(hierarchy, points, points);
  const expected = points.flatMap((source) => points.map((target) => kernels.route(hierarchy, source, target)?.distance ?? UNREACHED));
  t.same(Array.from(matrix.distance).filter((_, i) => matrix.weight[i] !== UNREACHED),
    expected.filter((_, i) => matrix.weight[i] !== UNREACHED));
});

t.test('routes answered right after a matrix, whose searches keep no parents, are still whole paths', async (t) => {
  const graph = randomRoadGraph(35, 25);
  const hierarchy = await buildHierarchy(regions, graph);
  const random = seededRandom(35);
  const pairs = Array.from({ length: 200 }, () => [randomSeeds(random, graph.nodeCount), randomSeeds(random, graph.nodeCount)] as const);
  const problems = pairs.flatMap(([sources, targets]) => {
    kernels.manyToMany(hierarchy, [sources, targets], [targets, sources]);
    const route = kernels.route(hierarchy, sources, targets);
    const problem = route && routeInconsistency(graph, route, sources, targets);
    return problem ? [problem] : [];
  });
  t.same(problems, []);
});

t.test('a matrix larger than the first bucket estimate is still complete', async (t) => {
  const graph = randomRoadGraph(51, 40);
  const hierarchy = await buildHierarchy(regions, graph);
  const random = seededRandom(51);
  const all = Array.from({ length: 300 }, () => randomSeeds(random, graph.nodeCount));
  const matrix = kernels.manyToMany(hierarchy, all.slice(0, 5), all);
  const route = kernels.route(hierarchy, all[4]!, all[299]!);
  t.equal(matrix.weight[4 * 300 + 299], route?.weight ?? UNREACHED);
});

t.test('unreachable cells are marked and empty matrices are fine', async (t) => {
  const graph = randomRoadGraph(61, 10);
  const hierarchy = await buildHierarchy(regions, graph);
  const island = graph.nodeCount - 1; // the generator leaves its last nodes without arcs
  const matrix = kernels.manyToMany(hierarchy, [[{ node: 0, weight: 0, distance: 0 }]], [[{ node: island, weight: 0, distance: 0 }], [{ node: 0, weight: 5, distance: 6 }]]);
  t.same(Array.from(matrix.weight), [UNREACHED, 5]);
  t.same(Array.from(matrix.distance), [UNREACHED, 6]);
  const empty = kernels.manyToMany(hierarchy, [], [[{ node: 0, weight: 0, distance: 0 }]]);
  t.equal(empty.weight.length, 0);
});
