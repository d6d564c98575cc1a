// Contracting one node: for every in-neighbour u and out-neighbour x, a shortcut u → x replaces the path
// u → v → x unless a witness path avoiding v is at least as short.
import { addOrImprove, detailDistance, detailHops, edgeOther, edgeWeight, listLength, neighbour, outEdge, outEdgeDetail, outIndexOf } from './dynamic-graph';
import { addTarget, clearTargets, witnessSearch, witnessWeight } from './witness-search';

let arcCount: u32 = 0;

export function resetShortcuts(originalArcCount: u32): void {
  arcCount = originalArcCount;
}

/** What contracting a node costs: shortcuts it needs and the original arcs they stand for. */
export let neededShortcuts: u32 = 0;
export let neededHops: u32 = 0;

/** Counts (simulate) or inserts the shortcuts that contracting `node` requires. */
export function contractNode(node: u32, settleLimit: u32, simulate: bool): void {
  neededShortcuts = 0;
  neededHops = 0;
  const inLength = listLength(node, true);
  const outLength = listLength(node, false);
  clearTargets();
  for (let j: u32 = 0; j < outLength; j++) {
    const outgoing = outEdge(node, j);
    addTarget(edgeOther(outgoing), edgeWeight(outgoing));
  }
  for (let i: u32 = 0; i < inLength; i++) {
    const tail = neighbour(node, true, i);
    // Adding shortcuts from the tail appends to its list: the edge keeps its index, not its address.
    const incoming = outIndexOf(tail, node);
    const inWeight = edgeWeight(outEdge(tail, incoming));
    witnessSearch(tail, node, inWeight, settleLimit);
    for (let j: u32 = 0; j < outLength; j++) {
      const outgoing = outEdge(node, j);
      const head = edgeOther(outgoing);
      const via = inWeight + edgeWeight(outgoing);
      if (head == tail || witnessWeight(head) <= via) continue;
      const incomingDetail = outEdgeDetail(tail, incoming), outgoingDetail = outEdgeDetail(node, j);
      const hops = detailHops(incomingDetail) + detailHops(outgoingDetail);
      neededShortcuts++;
      neededHops += hops;
      if (simulate) continue;
      const distance = detailDistance(incomingDetail) + detailDistance(outgoingDetail);
      // A shortcut names the node it bypasses, not its two halves: they are the edges between that node and
      // each end, found again by unpacking in the node's own lists, which are final once it is contracted.
      addOrImprove(tail, head, via, distance, arcCount + node, hops);
    }
  }
}
