// The contraction's adjacency lists grow as the remaining graph densifies while contracted nodes free small
// blocks; those blocks are compacted away rather than left behind (docs/ch.md, Where it runs).
import t from 'tap';
import { DEFAULT_CONTRACTION_LIMITS, finishContractionRun, startContractionRun } from '../../src/kernels/contract.js';
import { randomRoadGraph } from '../helpers/random-graph.js';

t.test('a contraction touches less than three times the bytes of the hierarchy it hands over', async (t) => {
  // Before the lists' freed blocks were compacted this grid's contraction touched more than 3.4 times them.
  const graph = randomRoadGraph(3, 120);
  const run = startContractionRun(graph.nodeCount, graph.tail.length);
  const bytes = finishContractionRun(run, graph, undefined, DEFAULT_CONTRACTION_LIMITS);
  t.ok(run.kernel.arenaPeak() < 3 * bytes.byteLength, `${run.kernel.arenaPeak()} bytes touched for a hierarchy of ${bytes.byteLength}`);
});
