// The contraction's adjacency lists grow as the remaining graph densifies while contracted nodes free small
// blocks; those blocks are compacted away rather than left behind, and each edge is kept once, in its tail's
// list (docs/ch.md, Where it runs).
import t from 'tap';
import { DEFAULT_CONTRACTION_LIMITS, finishContractionRun, intoBytes, startContractionRun } from '../../src/kernels/contract.js';
import { randomRoadGraph } from '../helpers/random-graph.js';

t.test('a contraction touches less than two and a half times the bytes of the hierarchy it hands over', async (t) => {
  // This grid's contraction touched 2.78 times them while each edge sat in both its ends' lists, and more than
  // 3.4 times before the lists' freed blocks were compacted.
  const graph = randomRoadGraph(3, 120);
  const run = startContractionRun(graph.nodeCount, graph.tail.length);
  const bytes = finishContractionRun(run, graph, undefined, DEFAULT_CONTRACTION_LIMITS, intoBytes());
  t.ok(run.kernel.arenaPeak() < 2.5 * bytes.byteLength, `${run.kernel.arenaPeak()} bytes touched for a hierarchy of ${bytes.byteLength}`);
});
