// A shortcut stores only the node it bypasses; unpacking finds its halves in that node's lists (docs/ch.md, Output).
import t from 'tap';
import { hierarchyArrayOffsets, hierarchyCounts } from '../../src/kernels/hierarchy.js';
import { buildHierarchy, serializeHierarchy, SharedRegions } from '../../src/kernels/index.js';
import { EDGE_BYTES, U32 } from '../../src/kernels/layout.js';
import { randomRoadGraph } from '../helpers/random-graph.js';

interface Edge { low: number; other: number; weight: number; distance: number; arc: number }

/** Every edge of a hierarchy's byte form with the rank whose list holds it; `incoming`: the backward lists. */
function edgesOf(bytes: Uint8Array, incoming: boolean): Edge[] {
  const counts = hierarchyCounts(bytes);
  const offsets = hierarchyArrayOffsets(counts);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const first = incoming ? offsets.backwardFirst : offsets.forwardFirst;
  const edges = incoming ? offsets.backwardEdges : offsets.forwardEdges;
  const result: Edge[] = [];
  for (let low = 0; low < counts.nodeCount; low++) {
    const end = view.getUint32(first + (low + 1) * U32, true);
    for (let i = view.getUint32(first + low * U32, true); i < end; i++) {
      const at = edges + i * EDGE_BYTES;
      const word = (k: number) => view.getUint32(at + k * U32, true);
      result.push({ low, other: word(0), weight: word(1), distance: word(2), arc: word(3) });
    }
  }
  return result;
}

t.test('every shortcut bypasses a node below both its ends, whose lists hold its two halves', async (t) => {
  const regions = SharedRegions.create();
  const graph = randomRoadGraph(5, 24);
  const bytes = serializeHierarchy(regions, await buildHierarchy(regions, graph));
  const { arcCount, shortcutCount, forwardEdgeCount, backwardEdgeCount } = hierarchyCounts(bytes);
  t.equal(bytes.byteLength, hierarchyArrayOffsets(hierarchyCounts(bytes)).backwardEdges + backwardEdgeCount * EDGE_BYTES,
    'nothing is stored per shortcut beyond its edge');
  const forward = edgesOf(bytes, false), backward = edgesOf(bytes, true);
  t.equal(forward.length + backward.length, forwardEdgeCount + backwardEdgeCount);
  const key = (low: number, other: number) => `${low}:${other}`;
  const up = new Map(forward.map((e) => [key(e.low, e.other), e]));
  const down = new Map(backward.map((e) => [key(e.low, e.other), e]));
  const shortcuts = [
    ...forward.map((e) => ({ ...e, tail: e.low, head: e.other })),
    ...backward.map((e) => ({ ...e, tail: e.other, head: e.low })),
  ].filter((e) => e.arc >= arcCount);
  t.equal(shortcuts.length, shortcutCount, 'the header counts the shortcut edges');
  t.ok(shortcutCount > 100, `the graph needs shortcuts (${shortcutCount})`);
  const wrong = shortcuts.filter(({ tail, head, weight, distance, arc }) => {
    const bypassed = arc - arcCount;
    const first = down.get(key(bypassed, tail)), second = up.get(key(bypassed, head));
    return !(bypassed < tail && bypassed < head && first && second
      && first.weight + second.weight === weight && first.distance + second.distance === distance);
  });
  t.same(wrong, [], 'each half is the bypassed node\'s edge to an end, and they add up to the shortcut');
});
