// The contraction's adjacency lists grow as the remaining graph densifies while contracted nodes free small
// blocks; those blocks are compacted away rather than left behind, each edge is kept once, in its tail's list,
// and the arrays of a value per node are few (docs/ch.md, Where it runs).
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

t.test('a contraction by priority takes at most 90 bytes per node of fixed arrays, beside the lists of its edges', async (t) => {
  // 112 while the node ordering kept a u32 per node for each of its flags and round numbers; a graph without arcs
  // has lists that take no blocks.
  const nodeCount = 200_000;
  const none = new Uint32Array(0);
  const graph = { nodeCount, tail: none, head: none, weight: none, distance: none };
  const run = startContractionRun(nodeCount, 0);
  finishContractionRun(run, graph, undefined, DEFAULT_CONTRACTION_LIMITS, intoBytes());
  t.ok(run.kernel.arenaPeak() <= 90 * nodeCount, `${(run.kernel.arenaPeak() / nodeCount).toFixed(1)} bytes per node`);
});
