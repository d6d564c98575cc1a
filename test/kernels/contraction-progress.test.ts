// A contraction tells, as it goes, the share of the graph's nodes it has contracted: an import's progress bar.
import t from 'tap';
import { buildHierarchy, contractionOrder, SharedRegions } from '../../src/kernels/index.js';
import { randomRoadGraph } from '../helpers/random-graph.js';

t.test('a contraction reports the share of nodes contracted, rising to every node, at most a thousand times', async (t) => {
  const graph = randomRoadGraph(7, 50);
  const shares: number[] = [];
  await buildHierarchy(SharedRegions.create(), graph, { onProgress: (share) => shares.push(share) });
  t.ok(graph.nodeCount > 2000, `${graph.nodeCount} nodes`);
  t.ok(shares.length >= 100 && shares.length <= 1001, `${shares.length} reports`);
  t.ok(shares.every((share, i) => share > 0 && (i === 0 || share > shares[i - 1]!)), 'each report is further on');
  t.equal(shares.at(-1), 1, 'the last report is the whole graph');
});

t.test('a contraction in the order of another hierarchy reports its progress too', async (t) => {
  const regions = SharedRegions.create();
  const graph = randomRoadGraph(8, 20);
  const base = await buildHierarchy(regions, graph);
  const shares: number[] = [];
  await buildHierarchy(regions, graph, { order: contractionOrder(regions, base), onProgress: (share) => shares.push(share) });
  t.ok(shares.length > 1, `${shares.length} reports`);
  t.equal(shares.at(-1), 1);
});
