// Kernel: plain bidirectional Dijkstra on the uncontracted graph (every arc forward, every arc reversed),
// the baseline the benchmark measures the hierarchy's speed-up against.
import { getU32, NONE, UNREACHED } from '../common/memory';
import { SearchGraph, SearchSpace, edgeAddress, edgeOther } from './layout';
import { Meeting } from './ch-query';
import { labelDistance, labelWeight, nextKey, relaxEdges, resetSearch, searchExhausted, seedSearch, settleNext } from './search-space';

function meetAt(meeting: Meeting, node: u32, forward: SearchSpace, backward: SearchSpace): void {
  const here = labelWeight(forward, node);
  const other = labelWeight(backward, node);
  if (here == UNREACHED || other == UNREACHED) return;
  if (here + other < meeting.weight) {
    meeting.weight = here + other;
    meeting.distance = labelDistance(forward, node) + labelDistance(backward, node);
    meeting.node = node;
  }
}

/**
 * Relaxes a settled node's edges and checks every head the other search has reached: the stopping rule
 * below is only sound when meetings are recorded on relaxation, not just on settling.
 */
function relaxAndMeet(
  node: u32, first: usize, edges: usize, space: SearchSpace, forward: SearchSpace, backward: SearchSpace, meeting: Meeting,
): void {
  relaxEdges(space, node, first, edges);
  const end = getU32(first, node + 1);
  for (let e = getU32(first, node); e < end; e++) meetAt(meeting, edgeOther(edgeAddress(edges, e)), forward, backward);
}

/** Fills `meeting` with the shortest weight between the seed sets; returns 1 when reachable, 0 otherwise. */
export function dijkstraMeet(
  graph: SearchGraph, forward: SearchSpace, backward: SearchSpace,
  sourceSeeds: usize, sourceCount: u32, targetSeeds: usize, targetCount: u32, meeting: Meeting,
): u32 {
  meeting.weight = UNREACHED;
  meeting.distance = 0;
  meeting.node = NONE;
  seedSearch(forward, graph, sourceSeeds, sourceCount);
  seedSearch(backward, graph, targetSeeds, targetCount);
  for (let i: u32 = 0; i < forward.touchedCount; i++) meetAt(meeting, getU32(forward.touched, i), forward, backward);
  // Stop once the two frontiers together cannot beat the best meeting (both keys are lower bounds).
  while (!searchExhausted(forward) && !searchExhausted(backward)) {
    if (<u64>nextKey(forward) + <u64>nextKey(backward) >= <u64>meeting.weight) break;
    if (nextKey(forward) <= nextKey(backward)) {
      const node = settleNext(forward);
      relaxAndMeet(node, graph.forwardFirst, graph.forwardEdges, forward, forward, backward, meeting);
    } else {
      const node = settleNext(backward);
      relaxAndMeet(node, graph.backwardFirst, graph.backwardEdges, backward, forward, backward, meeting);
    }
  }
  resetSearch(forward);
  resetSearch(backward);
  return meeting.node != NONE ? 1 : 0;
}
