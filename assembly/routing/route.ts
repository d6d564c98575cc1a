// Kernel: the shortest route between two seed sets on a contraction hierarchy, unpacked to original arcs.
import { NONE } from '../common/memory';
import { SearchGraph, SearchSpace } from './layout';
import { Meeting, chMeet } from './ch-query';
import { resetSearch } from './search-space';
import { PathBuffers, unpackRoute } from './unpack';

/** Returns 1 and fills `meeting` and `path` when a target is reachable, 0 otherwise. */
export function chRoute(
  graph: SearchGraph, forward: SearchSpace, backward: SearchSpace,
  sourceSeeds: usize, sourceCount: u32, targetSeeds: usize, targetCount: u32,
  meeting: Meeting, path: PathBuffers,
): u32 {
  chMeet(graph, forward, backward, sourceSeeds, sourceCount, targetSeeds, targetCount, meeting);
  const found = meeting.node != NONE;
  if (found) unpackRoute(graph, forward, backward, meeting.node, path);
  resetSearch(forward);
  resetSearch(backward);
  return found ? 1 : 0;
}
