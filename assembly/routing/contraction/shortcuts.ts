// Contracting one node: for every in-neighbour u and out-neighbour x, a shortcut u → x replaces the path
// u → v → x unless a witness path avoiding v is at least as short.
import { arenaAllocate } from './arena';
import { addOrImprove, detailArc, detailDistance, detailHops, edgeOther, edgeWeight, listEdge, listEdgeDetail, listLength } from './dynamic-graph';
import { addTarget, clearTargets, witnessSearch, witnessWeight } from './witness-search';

let arcCount: u32 = 0;
let shortcutCount: u32 = 0;

/** The host's sink for shortcut children: `count` pairs of u32 (the hierarchy arcs each joins) at `address`. */
@external("env", "shortcutChildren")
declare function shortcutChildren(address: usize, count: u32): void;

/** Shortcuts recorded since the last hand-over; handed over in batches so the table never grows. */
const BATCH: u32 = 1 << 16;
let batch: usize = 0;
let batchCount: u32 = 0;

export function resetShortcuts(originalArcCount: u32): void {
  arcCount = originalArcCount;
  shortcutCount = 0;
  batchCount = 0;
  batch = arenaAllocate(<u64>BATCH << 3);
}

/** Hands the shortcuts recorded since the last call to the host. */
export function flushShortcuts(): void {
  if (batchCount > 0) shortcutChildren(batch, batchCount);
  batchCount = 0;
}

function recordShortcut(first: u32, second: u32): u32 {
  if (batchCount == BATCH) flushShortcuts();
  const at = batch + (<usize>batchCount << 3);
  store<u32>(at, first);
  store<u32>(at, second, 4);
  batchCount++;
  shortcutCount++;
  return arcCount + shortcutCount - 1;
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
    const outgoing = listEdge(node, false, j);
    addTarget(edgeOther(outgoing), edgeWeight(outgoing));
  }
  for (let i: u32 = 0; i < inLength; i++) {
    const incoming = listEdge(node, true, i);
    const tail = edgeOther(incoming);
    const inWeight = edgeWeight(incoming);
    witnessSearch(tail, node, inWeight, settleLimit);
    for (let j: u32 = 0; j < outLength; j++) {
      const outgoing = listEdge(node, false, j);
      const head = edgeOther(outgoing);
      const via = inWeight + edgeWeight(outgoing);
      if (head == tail || witnessWeight(head) <= via) continue;
      const incomingDetail = listEdgeDetail(node, true, i), outgoingDetail = listEdgeDetail(node, false, j);
      const hops = detailHops(incomingDetail) + detailHops(outgoingDetail);
      neededShortcuts++;
      neededHops += hops;
      if (simulate) continue;
      const distance = detailDistance(incomingDetail) + detailDistance(outgoingDetail);
      // The id is taken only when the arc is really added or improved, so no shortcut is ever unused.
      if (addOrImprove(tail, head, via, distance, arcCount + shortcutCount, hops)) {
        recordShortcut(detailArc(incomingDetail), detailArc(outgoingDetail));
      }
    }
  }
}
