// Seed sets: where a stop lies on a street is given as seeds with offsets (the phantom part of an arc).
// Every expectation is checked on the hierarchy and on the reference Dijkstra alike.
import t, { type Test } from 'tap';
import { buildHierarchy, RoutingKernels, SharedRegions, type ArcGraph, type RouteResult, type Seed } from '../../src/kernels/index.js';
import { referenceRoute } from '../helpers/reference-dijkstra.js';

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

type Router = (sources: Seed[], targets: Seed[]) => RouteResult | null;
const routers: [string, Router][] = [
  ['hierarchy', (sources, targets) => kernels.route(hierarchy, sources, targets)],
  ['reference', (sources, targets) => referenceRoute(graph, sources, targets)],
];

/** Runs a behaviour test once per implementation. */
function both(name: string, check: (t: Test, find: Router) => void): void {
  t.test(name, async (t) => {
    for (const [label, find] of routers) await t.test(label, async (t) => check(t, find));
  });
}

both('a route counts both seed offsets in its duration and distance', (t, find) => {
  const route = find([{ node: 1, weight: 3_000, distance: 2_500 }], [{ node: 3, weight: 4_000, distance: 3_500 }]);
  t.same(route, { weight: 27_000, distance: 26_000, arcs: [1, 2], sourceSeed: 0, targetSeed: 0 });
});

both('of several source seeds the one giving the fastest route is used, offsets included', (t, find) => {
  // Starting at node 2 is closer in the graph but its offset makes node 1 the faster start.
  const sources = [{ node: 2, weight: 25_000, distance: 100 }, { node: 1, weight: 1_000, distance: 100 }];
  const route = find(sources, [{ node: 3, weight: 0, distance: 0 }]);
  t.equal(route?.sourceSeed, 1);
  t.equal(route?.weight, 21_000);
});

both('of several target seeds the one giving the fastest route is used', (t, find) => {
  const targets = [{ node: 3, weight: 50_000, distance: 0 }, { node: 0, weight: 0, distance: 0 }, { node: 2, weight: 1_000, distance: 0 }];
  const route = find([{ node: 1, weight: 0, distance: 0 }], targets);
  t.equal(route?.targetSeed, 2);
  t.equal(route?.weight, 11_000);
  t.same(route?.arcs, [1]);
});

both('source and target seeds on the same node give a route without arcs', (t, find) => {
  const route = find([{ node: 2, weight: 700, distance: 70 }], [{ node: 2, weight: 300, distance: 30 }]);
  t.same(route, { weight: 1_000, distance: 100, arcs: [], sourceSeed: 0, targetSeed: 0 });
});

both('a one-way chain is never driven against its direction', (t, find) => {
  const route = find([{ node: 2, weight: 0, distance: 0 }], [{ node: 1, weight: 0, distance: 0 }]);
  t.same(route?.arcs, [2, 3, 0]);
  t.equal(route?.weight, 120_000);
});

both('a target on an island is unreachable, in both directions', (t, find) => {
  t.equal(find([{ node: 0, weight: 0, distance: 0 }], [{ node: 5, weight: 0, distance: 0 }]), null);
  t.equal(find([{ node: 4, weight: 0, distance: 0 }], [{ node: 1, weight: 0, distance: 0 }]), null);
});

both('empty seed lists are unreachable rather than an error', (t, find) => {
  t.equal(find([], [{ node: 1, weight: 0, distance: 0 }]), null);
});

t.test('seeds naming no node of the map or with negative offsets are refused', async (t) => {
  t.throws(() => kernels.route(hierarchy, [{ node: 6, weight: 0, distance: 0 }], [{ node: 1, weight: 0, distance: 0 }]), RangeError);
  t.throws(() => kernels.route(hierarchy, [{ node: 0, weight: -1, distance: 0 }], [{ node: 1, weight: 0, distance: 0 }]), RangeError);
  t.throws(() => kernels.route(hierarchy, [{ node: 0, weight: 0.5, distance: 0 }], [{ node: 1, weight: 0, distance: 0 }]), RangeError);
});

t.test('a graph without arcs contracts, and only a stop on its own node is reachable', async (t) => {
  const none = new Uint32Array(0);
  const empty = await buildHierarchy(regions, { nodeCount: 2, tail: none, head: none, weight: none, distance: none });
  t.equal(kernels.route(empty, [{ node: 0, weight: 0, distance: 0 }], [{ node: 1, weight: 0, distance: 0 }]), null);
  t.same(kernels.route(empty, [{ node: 1, weight: 2, distance: 3 }], [{ node: 1, weight: 0, distance: 0 }])?.weight, 2);
});
