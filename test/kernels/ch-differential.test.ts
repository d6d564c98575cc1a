// The hierarchy must find exactly the durations plain Dijkstra finds, on many seeded random graphs.
import t from 'tap';
import { buildHierarchy, CLOSED_ARC, contractionOrder, RoutingKernels, SharedRegions, type ArcGraph, type Hierarchy } from '../../src/kernels/index.js';
import { referenceRoute } from '../helpers/reference-dijkstra.js';
import { randomInt, randomRoadGraph, randomSeeds, seededRandom } from '../helpers/random-graph.js';
import { routeInconsistency } from '../helpers/route-checks.js';

const regions = SharedRegions.create();
const kernels = RoutingKernels.attach(regions.memory);
const PAIRS = 1500;

/** Compares `pairs` random seed-set pairs; returns the first disagreement, described, or null. */
function firstDisagreement(graph: ArcGraph, hierarchy: Hierarchy, seed: number, pairs: number): string | null {
  const random = seededRandom(seed * 7 + 1);
  for (let i = 0; i < pairs; i++) {
    const sources = randomSeeds(random, graph.nodeCount);
    const targets = randomSeeds(random, graph.nodeCount);
    const expected = referenceRoute(graph, sources, targets);
    const actual = kernels.route(hierarchy, sources, targets);
    const pair = `graph seed ${seed}, pair ${i}: ${JSON.stringify({ sources, targets })}`;
    if (expected === null || actual === null) {
      if (expected !== actual) return `${pair}: reference ${expected?.weight ?? 'unreachable'}, CH ${actual?.weight ?? 'unreachable'}`;
      continue;
    }
    if (actual.weight !== expected.weight) return `${pair}: reference ${expected.weight} ms, CH ${actual.weight} ms`;
    const inconsistency = routeInconsistency(graph, actual, sources, targets);
    if (inconsistency) return `${pair}: ${inconsistency}`;
  }
  return null;
}

t.test('contraction hierarchy durations equal plain Dijkstra on seeded random graphs', async (t) => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    const graph = randomRoadGraph(seed, 12 + seed * 4);
    const hierarchy = await buildHierarchy(regions, graph);
    t.equal(firstDisagreement(graph, hierarchy, seed, PAIRS), null, `graph seed ${seed} (${graph.nodeCount} nodes)`);
  }
});

/** A graph far denser than a road network: every node has `degree` random out-arcs (no loops). */
function denseRandomGraph(seed: number, nodeCount: number, degree: number): ArcGraph {
  const random = seededRandom(seed);
  const tail: number[] = [], head: number[] = [], weight: number[] = [];
  for (let from = 0; from < nodeCount; from++) {
    for (let k = 0; k < degree; k++) {
      const to = (from + 1 + randomInt(random, nodeCount - 1)) % nodeCount;
      tail.push(from);
      head.push(to);
      weight.push(1 + randomInt(random, 1000));
    }
  }
  return { nodeCount, tail: Uint32Array.from(tail), head: Uint32Array.from(head), weight: Uint32Array.from(weight), distance: Uint32Array.from(weight, (w) => w * 10) };
}

t.test('nodes contracted with many edges, whose neighbours wait for the lazy priority check, still route exactly', async (t) => {
  for (const seed of [31, 32]) {
    const graph = denseRandomGraph(seed, 120, 14);
    const hierarchy = await buildHierarchy(regions, graph);
    t.equal(firstDisagreement(graph, hierarchy, seed, PAIRS), null, `dense graph seed ${seed}`);
  }
});

t.test('a metric contracted in another metric\'s order still routes exactly', async (t) => {
  const graph = randomRoadGraph(11, 30);
  const first = await buildHierarchy(regions, graph);
  const random = seededRandom(99);
  const slower = { ...graph, weight: graph.weight.map((w) => (w !== CLOSED_ARC && random() < 0.3 ? w * 3 : w)) };
  const second = await buildHierarchy(regions, slower, { order: contractionOrder(regions, first) });
  t.equal(firstDisagreement(slower, second, 11, PAIRS), null, 'second metric, reused order');
  for (const reusedRanks of [1, Math.round(graph.nodeCount / 2), graph.nodeCount - 1]) {
    const third = await buildHierarchy(regions, slower, { order: contractionOrder(regions, first), reusedRanks });
    t.equal(firstDisagreement(slower, third, 11, PAIRS), null, `the order's ${reusedRanks} lowest ranks kept, the rest ordered again`);
  }
});

t.test('arc weights that would overflow a route\'s sum are refused before contraction', async (t) => {
  const graph = randomRoadGraph(12, 5);
  const broken = { ...graph, weight: graph.weight.map((w, arc) => (arc === 3 ? 0x80000000 : w)) };
  await t.rejects(buildHierarchy(regions, broken), RangeError);
});

t.test('tight witness limits add shortcuts but never change a duration', async (t) => {
  const graph = randomRoadGraph(21, 30);
  const hierarchy = await buildHierarchy(regions, graph, { limits: { simulationSettleLimit: 1, contractionSettleLimit: 1 } });
  t.equal(firstDisagreement(graph, hierarchy, 21, PAIRS), null);
});
