// Seed sets: where a stop lies on a street is given as seeds with offsets (the phantom part of an arc).
import t from 'tap';
import { buildHierarchy, RoutingKernels, SharedRegions, type ArcGraph } from '../../src/kernels/index.js';

const regions = SharedRegions.create();
const kernels = RoutingKernels.attach(regions.memory);

/** 0 → 1 → 2 → 3 one-way chain (10 s each), plus 3 → 0 slow (100 s) and an island 4 ⇄ 5. */
const graph: ArcGraph = {
  nodeCount: 6,
  tail: Uint32Array.of(0, 1, 2, 3, 4, 5),
  head: Uint32Array.of(1, 2, 3, 0, 5, 4),
  weight: Uint32Array.of(10_000, 10_000, 10_000, 100_000, 5_000, 5_000),
  distance: Uint32Array.of(10_000, 10_000, 10_000, 90_000, 4_000, 4_000),
};
const hierarchy = await buildHierarchy(regions, graph);

t.test('a route counts both seed offsets in its duration and distance', async (t) => {
  const route = kernels.route(hierarchy, [{ node: 1, weight: 3_000, distance: 2_500 }], [{ node: 3, weight: 4_000, distance: 3_500 }]);
  t.same(route, { weight: 27_000, distance: 26_000, arcs: [1, 2], sourceSeed: 0, targetSeed: 0 });
});

t.test('of several source seeds the one giving the fastest route is used, offsets included', async (t) => {
  // Starting at node 2 is closer in the graph but its offset makes node 1 the faster start.
  const sources = [{ node: 2, weight: 25_000, distance: 100 }, { node: 1, weight: 1_000, distance: 100 }];
  const route = kernels.route(hierarchy, sources, [{ node: 3, weight: 0, distance: 0 }]);
  t.equal(route?.sourceSeed, 1);
  t.equal(route?.weight, 21_000);
});

t.test('of several target seeds the one giving the fastest route is used', async (t) => {
  const targets = [{ node: 3, weight: 50_000, distance: 0 }, { node: 0, weight: 0, distance: 0 }, { node: 2, weight: 1_000, distance: 0 }];
  const route = kernels.route(hierarchy, [{ node: 1, weight: 0, distance: 0 }], targets);
  t.equal(route?.targetSeed, 2);
  t.equal(route?.weight, 11_000);
  t.same(route?.arcs, [1]);
});

t.test('source and target seeds on the same node give a route without arcs', async (t) => {
  const route = kernels.route(hierarchy, [{ node: 2, weight: 700, distance: 70 }], [{ node: 2, weight: 300, distance: 30 }]);
  t.same(route, { weight: 1_000, distance: 100, arcs: [], sourceSeed: 0, targetSeed: 0 });
});

t.test('a one-way chain is never driven against its direction', async (t) => {
  const route = kernels.route(hierarchy, [{ node: 2, weight: 0, distance: 0 }], [{ node: 1, weight: 0, distance: 0 }]);
  t.same(route?.arcs, [2, 3, 0]);
  t.equal(route?.weight, 120_000);
});

t.test('a target on an island is unreachable, in both directions', async (t) => {
  t.equal(kernels.route(hierarchy, [{ node: 0, weight: 0, distance: 0 }], [{ node: 5, weight: 0, distance: 0 }]), null);
  t.equal(kernels.route(hierarchy, [{ node: 4, weight: 0, distance: 0 }], [{ node: 1, weight: 0, distance: 0 }]), null);
});

t.test('empty seed lists are unreachable rather than an error', async (t) => {
  t.equal(kernels.route(hierarchy, [], [{ node: 1, weight: 0, distance: 0 }]), null);
});

t.test('seeds naming no node of the map or with negative offsets are refused', async (t) => {
  t.throws(() => kernels.route(hierarchy, [{ node: 6, weight: 0, distance: 0 }], [{ node: 1, weight: 0, distance: 0 }]), RangeError);
  t.throws(() => kernels.route(hierarchy, [{ node: 0, weight: -1, distance: 0 }], [{ node: 1, weight: 0, distance: 0 }]), RangeError);
  t.throws(() => kernels.route(hierarchy, [{ node: 0, weight: 0.5, distance: 0 }], [{ node: 1, weight: 0, distance: 0 }]), RangeError);
});
