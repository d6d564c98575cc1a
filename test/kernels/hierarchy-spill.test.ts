// A hierarchy that waits on disk while it is made is the same as one kept in memory, and its files are gone
// after, whether the contraction ended or failed; from there it may go straight to its cache file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { KernelMemoryError } from '../../src/kernels/kernel-memory-error.js';
import { contractToBytes, DEFAULT_CONTRACTION_LIMITS, finishContractionRun, intoBytes, startContractionRun } from '../../src/kernels/contract.js';
import { storeContractedHierarchy } from '../../src/kernels/hierarchy-file.js';
import { buildHierarchy, readHierarchyFile, serializeHierarchy, SharedRegions, writeHierarchyFile } from '../../src/kernels/index.js';
import { randomRoadGraph } from '../helpers/random-graph.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';

t.test('a contraction spilled to disk hands over the same bytes as one in memory and leaves no file', async (t) => {
  const graph = randomRoadGraph(5, 40);
  const dir = temporaryDirectory('hierarchy-spill-');
  t.same(contractToBytes(graph, { spillPath: join(dir, 'city') }), contractToBytes(graph));
  t.same(readdirSync(dir), []);
});

t.test('a contraction that runs out of memory removes its spill files', async (t) => {
  const graph = randomRoadGraph(5, 40);
  const dir = temporaryDirectory('hierarchy-spill-');
  const run = startContractionRun(graph.nodeCount, graph.tail.length, join(dir, 'city'));
  t.equal(readdirSync(dir).length, 2, 'forward and backward edges each have a file');
  // Too little room left for the graph's fixed arrays.
  run.kernel.reserve(2 ** 32 - 256 * 1024);
  t.throws(() => finishContractionRun(run, graph, undefined, DEFAULT_CONTRACTION_LIMITS, intoBytes()), KernelMemoryError);
  t.same(readdirSync(dir), []);
});

t.test('a hierarchy contracted into its file from its spill files is the file one stored from memory would be, and nothing else is left', async (t) => {
  const graph = randomRoadGraph(9, 60);
  const dir = temporaryDirectory('hierarchy-spill-');
  await storeContractedHierarchy(graph, { path: join(dir, 'streamed.ch'), key: 'map/auto' });
  const regions = SharedRegions.create();
  const fromMemory = serializeHierarchy(regions, await buildHierarchy(regions, graph));
  writeHierarchyFile(join(dir, 'from-memory.ch'), 'map/auto', fromMemory);
  t.ok(readFileSync(join(dir, 'streamed.ch')).equals(readFileSync(join(dir, 'from-memory.ch'))));
  // Read back, its digest is checked against one computed over the whole byte form, not piece by piece.
  t.same(readHierarchyFile(join(dir, 'streamed.ch'), 'map/auto'), fromMemory);
  t.same(readdirSync(dir).sort(), ['from-memory.ch', 'streamed.ch']);
});
