// A hierarchy that waits on disk while it is made is the same as one kept in memory, and its files are gone
// after, whether the contraction ended or failed.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { KernelMemoryError } from '../../src/kernels/kernel-memory-error.js';
import { contractToBytes, DEFAULT_CONTRACTION_LIMITS, finishContractionRun, startContractionRun } from '../../src/kernels/contract.js';
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
  t.throws(() => finishContractionRun(run, graph, undefined, DEFAULT_CONTRACTION_LIMITS), KernelMemoryError);
  t.same(readdirSync(dir), []);
});
