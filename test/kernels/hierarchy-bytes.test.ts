// The map cache stores hierarchies as bytes; a restored hierarchy must answer exactly like the original.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import {
  buildHierarchy, cachedHierarchy, cachedHierarchyInChain, readHierarchyFile, restoreHierarchy, RoutingKernels, serializeHierarchy, SharedRegions,
  writeHierarchyFile,
} from '../../src/kernels/index.js';
import { MemoryChain } from '../../src/kernels/memory-chain.js';
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

t.test('a cached hierarchy is contracted once, then restored from its file under the same key only', async (t) => {
  const dir = t.testdir();
  const path = join(dir, 'map.ch');
  const regions = SharedRegions.create();
  const first = await cachedHierarchy(regions, graph, path, 'map-a/auto');
  t.same(readHierarchyFile(path, 'map-a/auto'), serializeHierarchy(regions, first));
  t.equal(readHierarchyFile(path, 'map-b/auto'), undefined, 'another key does not match');
  // Put another graph's hierarchy under the key: what comes back must be the file's, not a new contraction.
  const stored = serializeHierarchy(regions, await buildHierarchy(regions, randomRoadGraph(72, 8)));
  writeHierarchyFile(path, 'map-a/auto', stored);
  const again = await cachedHierarchy(regions, graph, path, 'map-a/auto');
  t.same(serializeHierarchy(regions, again), stored);
  writeFileSync(path, 'not a hierarchy');
  const rebuilt = await cachedHierarchy(regions, graph, path, 'map-a/auto');
  t.same(readHierarchyFile(path, 'map-a/auto'), serializeHierarchy(regions, rebuilt), 'a damaged file is replaced');
  const whole = readFileSync(path);
  writeFileSync(path, whole.subarray(0, whole.length - 4));
  const afterCut = await cachedHierarchy(regions, graph, path, 'map-a/auto');
  t.same(serializeHierarchy(regions, afterCut), serializeHierarchy(regions, rebuilt), 'a file cut short is contracted again');
  t.same(readFileSync(path), whole, 'and stored whole');
});

t.test('a hierarchy read from its file never asks for the options of a contraction', async (t) => {
  const path = join(t.testdir(), 'map.ch');
  const regions = SharedRegions.create();
  await cachedHierarchy(regions, graph, path, 'map-a/auto');
  const optionsOfAContraction = (): never => {
    throw new Error('asked for the options of a contraction');
  };
  const read = await cachedHierarchyInChain(MemoryChain.of([regions]), graph, { path, key: 'map-a/auto' }, optionsOfAContraction);
  t.ok(read.fromFile);
});

t.test('contracting for a file removes the spill and temporary files a process that is gone left beside it', async (t) => {
  const dir = t.testdir();
  const path = join(dir, 'map.ch');
  // Linux never gives out a process id above 2^22; this process's parent (the test runner) is alive.
  const gone = 2 ** 22 + 1;
  const left = [`map.ch.${gone}.spill.forward`, `map.ch.${gone}.spill.backward`, `map.ch.${gone}.tmp`,
    `map.ch.${gone}.0.spill.forward`, `map.ch.${gone}.3.spill.backward`, `map.ch.${gone}.3.tmp`];
  const kept = [`map.ch.${process.ppid}.spill.forward`, 'map.ch.notes', 'other.ch.1.tmp'];
  for (const name of [...left, ...kept]) writeFileSync(join(dir, name), 'x');
  await cachedHierarchy(SharedRegions.create(), graph, path, 'map-a/auto');
  t.same(readdirSync(dir).sort(), ['map.ch', ...kept].sort());
});

t.test('a hierarchy file with a byte changed is contracted again, and the memory its restore claimed is given back', async (t) => {
  const dir = t.testdir();
  const path = join(dir, 'map.ch');
  const contracted = SharedRegions.create();
  const first = await cachedHierarchy(contracted, graph, path, 'map-a/auto');
  const whole = readFileSync(path);
  const changed = Buffer.from(whole);
  changed[changed.length - 5]! ^= 0x10;
  writeFileSync(path, changed);
  t.equal(readHierarchyFile(path, 'map-a/auto'), undefined, 'the bytes read alone do not match their digest');
  const regions = SharedRegions.create();
  const again = await cachedHierarchy(regions, graph, path, 'map-a/auto');
  t.same(serializeHierarchy(regions, again), serializeHierarchy(contracted, first), 'contracted as before');
  t.equal(regions.usedBytes(), contracted.usedBytes(), 'in as much memory as a contraction alone');
  t.same(readFileSync(path), whole, 'and stored whole');
});
