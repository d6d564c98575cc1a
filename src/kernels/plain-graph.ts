// The uncontracted graph in the search-graph layout (identity rank, every arc forward and reversed),
// for the bidirectional Dijkstra kernel the benchmark compares the hierarchy with.
import { CLOSED_ARC, type ArcGraph } from './arc-graph.js';
import { checkArcGraph } from './contract.js';
import { hierarchyArrayOffsets, restoreHierarchy, writeHierarchyHeader, type Hierarchy } from './hierarchy.js';
import type { SharedRegions } from './shared-regions.js';

function writeAdjacency(graph: ArcGraph, from: Uint32Array, to: Uint32Array, first: Uint32Array, edges: Uint32Array): void {
  const open = (arc: number) => graph.weight[arc] !== CLOSED_ARC;
  for (let arc = 0; arc < from.length; arc++) if (open(arc)) first[from[arc]! + 1]!++;
  for (let node = 0; node < graph.nodeCount; node++) first[node + 1]! += first[node]!;
  const next = first.slice(0, graph.nodeCount);
  for (let arc = 0; arc < from.length; arc++) {
    if (!open(arc)) continue;
    const at = 4 * next[from[arc]!]!++;
    edges[at] = to[arc]!;
    edges[at + 1] = graph.weight[arc]!;
    edges[at + 2] = graph.distance[arc]!;
    edges[at + 3] = arc;
  }
}

/** Places the plain graph in the shared memory; it has the shape of a hierarchy without shortcuts. */
export function placePlainGraph(regions: SharedRegions, graph: ArcGraph): Hierarchy {
  checkArcGraph(graph);
  const arcCount = graph.tail.length;
  const openArcs = graph.weight.reduce((count, weight) => (weight === CLOSED_ARC ? count : count + 1), 0);
  const counts = { nodeCount: graph.nodeCount, arcCount, shortcutCount: 0, forwardEdgeCount: openArcs, backwardEdgeCount: openArcs };
  const offsets = hierarchyArrayOffsets(counts);
  const bytes = new Uint8Array(offsets.end);
  writeHierarchyHeader(bytes, counts);
  const words = (offset: number, length: number) => new Uint32Array(bytes.buffer, offset, length);
  const rank = words(offsets.rank, graph.nodeCount);
  for (let node = 0; node < graph.nodeCount; node++) rank[node] = node;
  writeAdjacency(graph, graph.tail, graph.head, words(offsets.forwardFirst, graph.nodeCount + 1), words(offsets.forwardEdges, 4 * openArcs));
  writeAdjacency(graph, graph.head, graph.tail, words(offsets.backwardFirst, graph.nodeCount + 1), words(offsets.backwardEdges, 4 * openArcs));
  return restoreHierarchy(regions, bytes);
}
