// Writes the finished hierarchy as the search graph the query kernels read (layout in ../layout.ts):
// internal ids are ranks, so the nodes a query visits late lie close together in memory.
import { getU32, setU32 } from '../../common/memory';
import { SearchGraph, EDGE_BYTES } from '../layout';
import { arenaAllocate } from './arena';
import { detailArc, detailDistance, edgeOther, edgeWeight, listEdge, listEdgeDetail, listLength } from './dynamic-graph';

function writeAdjacency(nodeCount: u32, rank: usize, order: usize, incoming: bool, graph: SearchGraph): void {
  const first = arenaAllocate((<u64>nodeCount + 1) << 2);
  let total: u32 = 0;
  for (let r: u32 = 0; r < nodeCount; r++) {
    setU32(first, r, total);
    total += listLength(getU32(order, r), incoming);
  }
  setU32(first, nodeCount, total);
  const edges = arenaAllocate(<u64>total * <u64>EDGE_BYTES);
  let at = edges;
  for (let r: u32 = 0; r < nodeCount; r++) {
    const node = getU32(order, r);
    const length = listLength(node, incoming);
    for (let i: u32 = 0; i < length; i++) {
      const edge = listEdge(node, incoming, i);
      const detail = listEdgeDetail(node, incoming, i);
      store<u32>(at, getU32(rank, edgeOther(edge)));
      store<u32>(at, edgeWeight(edge), 4);
      store<u32>(at, detailDistance(detail), 8);
      store<u32>(at, detailArc(detail), 12);
      at += EDGE_BYTES;
    }
  }
  if (incoming) {
    graph.backwardFirst = first;
    graph.backwardEdges = edges;
  } else {
    graph.forwardFirst = first;
    graph.forwardEdges = edges;
  }
}

/** Builds the search graph header and its arrays in the arena; returns the header's address. */
export function writeHierarchy(nodeCount: u32, arcCount: u32, rank: usize, shortcuts: usize, shortcutCount: u32): usize {
  const order = arenaAllocate(<usize>nodeCount << 2);
  for (let node: u32 = 0; node < nodeCount; node++) setU32(order, getU32(rank, node), node);
  const graph = changetype<SearchGraph>(arenaAllocate(offsetof<SearchGraph>()));
  graph.nodeCount = nodeCount;
  graph.arcCount = arcCount;
  graph.shortcutCount = shortcutCount;
  graph.rank = rank;
  graph.shortcutChildren = shortcuts;
  writeAdjacency(nodeCount, rank, order, false, graph);
  writeAdjacency(nodeCount, rank, order, true, graph);
  return changetype<usize>(graph);
}
