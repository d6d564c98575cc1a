// The bidirectional upward query of a contraction hierarchy (Geisberger et al. 2008), from seed sets.
// Each direction stops on its own once its next key cannot beat the best meeting found so far.
import { NONE, UNREACHED } from '../common/memory';
import { SearchGraph, SearchSpace } from './layout';
import { isStalled, labelDistance, labelWeight, nextKey, relaxEdges, searchExhausted, seedSearch, settleNext } from './search-space';

/** Where the two searches met: the route's weight, distance and top node (NONE when unreachable). */
@unmanaged export class Meeting {
  weight: u32;
  distance: u32;
  node: u32;
}

function meetAt(meeting: Meeting, node: u32, forward: SearchSpace, backward: SearchSpace): void {
  const other = labelWeight(backward, node);
  if (other == UNREACHED) return;
  const here = labelWeight(forward, node);
  if (here == UNREACHED) return;
  const total = here + other;
  if (total < meeting.weight) {
    meeting.weight = total;
    meeting.distance = labelDistance(forward, node) + labelDistance(backward, node);
    meeting.node = node;
  }
}

/** One step of the forward search: settle a node, record a meeting, relax unless stalled. */
function stepForward(graph: SearchGraph, forward: SearchSpace, backward: SearchSpace, meeting: Meeting): void {
  const node = settleNext(forward);
  meetAt(meeting, node, forward, backward);
  if (isStalled(forward, node, graph.backwardFirst, graph.backwardEdges)) return;
  relaxEdges(forward, node, graph.forwardFirst, graph.forwardEdges);
}

function stepBackward(graph: SearchGraph, forward: SearchSpace, backward: SearchSpace, meeting: Meeting): void {
  const node = settleNext(backward);
  meetAt(meeting, node, forward, backward);
  if (isStalled(backward, node, graph.forwardFirst, graph.forwardEdges)) return;
  relaxEdges(backward, node, graph.backwardFirst, graph.backwardEdges);
}

/**
 * Runs both searches to completion and fills `meeting`. The labels stay in the search spaces so that the
 * path can be read back; the caller resets both spaces afterwards.
 */
export function chMeet(
  graph: SearchGraph, forward: SearchSpace, backward: SearchSpace,
  sourceSeeds: usize, sourceCount: u32, targetSeeds: usize, targetCount: u32, meeting: Meeting,
): void {
  meeting.weight = UNREACHED;
  meeting.distance = 0;
  meeting.node = NONE;
  seedSearch(forward, graph, sourceSeeds, sourceCount);
  seedSearch(backward, graph, targetSeeds, targetCount);
  let forwardOpen = !searchExhausted(forward);
  let backwardOpen = !searchExhausted(backward);
  let turnForward = true;
  while (forwardOpen || backwardOpen) {
    if (forwardOpen && (turnForward || !backwardOpen)) {
      if (nextKey(forward) >= meeting.weight) forwardOpen = false;
      else {
        stepForward(graph, forward, backward, meeting);
        forwardOpen = !searchExhausted(forward);
      }
    } else {
      if (nextKey(backward) >= meeting.weight) backwardOpen = false;
      else {
        stepBackward(graph, forward, backward, meeting);
        backwardOpen = !searchExhausted(backward);
      }
    }
    turnForward = !turnForward;
  }
}
