// Hands the hierarchy to the host as it is made, so that it never sits in the contraction memory: a node's
// lists are final once it is contracted (its neighbours forget it), and nodes are contracted in rank order, so
// its upward edges are the next rank's entries of the search graph's lists (../layout.ts). Each edge names the
// other end by node id; the host turns ids into ranks at the end. The edges coming into the node lie in their
// tails' lists (dynamic-graph.ts), so they are handed over before the node is detached from them.
import { EDGE_BYTES } from '../layout';
import { stagingBuffer } from './list-blocks';
import { detailArc, detailDistance, edgeWeight, listLength, neighbour, outEdge, outEdgeDetail, outIndexOf } from './dynamic-graph';

/** The host's sink for one contracted node's edges (the next rank's): `count` 16-byte edges at `address`. */
@external("env", "upwardEdges")
declare function upwardEdges(incoming: bool, address: usize, count: u32): void;

/** Copies a node's edges of one side into the staging buffer as 16-byte edges; returns the buffer. */
function stage(node: u32, incoming: bool): usize {
  const length = listLength(node, incoming);
  // Taking the buffer may move the lists (list-blocks.ts): they are read after.
  const staging = stagingBuffer(length * <u32>EDGE_BYTES);
  let at = staging;
  for (let i: u32 = 0; i < length; i++) {
    const other = neighbour(node, incoming, i);
    const tail = incoming ? other : node;
    const index = incoming ? outIndexOf(other, node) : i;
    const detail = outEdgeDetail(tail, index);
    store<u32>(at, other);
    store<u32>(at, edgeWeight(outEdge(tail, index)), 4);
    store<u32>(at, detailDistance(detail), 8);
    store<u32>(at, detailArc(detail), 12);
    at += EDGE_BYTES;
  }
  return staging;
}

/** Hands over a node contracted just now (the next rank), before it is detached from its neighbours. */
export function handOverUpwardEdges(node: u32): void {
  for (let side = 0; side < 2; side++) {
    const incoming = side == 1;
    upwardEdges(incoming, stage(node, incoming), listLength(node, incoming));
  }
}
