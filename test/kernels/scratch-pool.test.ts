// Threads borrow scratch slots from their memory's pool for one kernel call each, so a memory holds as many slots
// as calls ran at once, not one per thread.
import t from 'tap';
import { buildHierarchy, RoutingKernels, SharedRegions } from '../../src/kernels/index.js';
import { ScratchPool } from '../../src/kernels/scratch-pool.js';
import { randomRoadGraph, randomSeeds, seededRandom } from '../helpers/random-graph.js';

t.test('kernels of several threads calling one after another reuse one slot and answer as before', async (t) => {
  const regions = SharedRegions.create();
  const graph = randomRoadGraph(61, 25);
  const hierarchy = await buildHierarchy(regions, graph);
  const random = seededRandom(61);
  const points = Array.from({ length: 30 }, () => randomSeeds(random, graph.nodeCount));
  const threads = [RoutingKernels.attach(regions.memory), RoutingKernels.attach(regions.memory), RoutingKernels.attach(regions.memory)];
  const matrices = threads.map((kernels) => kernels.manyToMany(hierarchy, points, points));
  const routes = threads.map((kernels) => kernels.route(hierarchy, points[0]!, points[29]!)?.weight);
  t.equal(new ScratchPool(regions).size, 1, 'one slot laid out');
  t.same(matrices[1]!.weight, matrices[0]!.weight);
  t.same(matrices[2]!.distance, matrices[0]!.distance);
  t.equal(new Set(routes).size, 1);
});

t.test('a borrowed slot is nobody else\'s until it is given back', async (t) => {
  const pool = new ScratchPool(SharedRegions.create(), 2);
  const first = pool.take(100, 200);
  const second = pool.take(100, 200);
  t.not(first.index, second.index);
  pool.give(first);
  t.equal(pool.take(100, 200).index, first.index, 'a given slot is taken again rather than a new one laid out');
  t.equal(pool.size, 2);
});

t.test('a slot grows with the hierarchy it is taken for', async (t) => {
  const pool = new ScratchPool(SharedRegions.create(), 1);
  const small = pool.take(100, 200);
  pool.give(small);
  const large = pool.take(5000, 9000);
  t.equal(large.index, small.index);
  t.ok(large.nodeCapacity >= 5000 && large.arcCapacity >= 9000, `capacity ${large.nodeCapacity} nodes, ${large.arcCapacity} arcs`);
  t.not(large.forward, small.forward, 'its search spaces laid out again');
});

t.test('when every slot of the share stays borrowed (a holder that died mid-call), a thread lays out one more after waiting', async (t) => {
  const pool = new ScratchPool(SharedRegions.create(), 1);
  const lost = pool.take(100, 200);
  const started = performance.now();
  const next = pool.take(100, 200);
  const waited = performance.now() - started;
  t.not(next.index, lost.index);
  t.ok(waited >= 900 && waited < 5000, `waited ${Math.round(waited)} ms`);
  t.equal(pool.size, 2);
});
