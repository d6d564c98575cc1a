// Turns the hierarchy arcs of a found route back into original arc ids, in driving order.
import { getU32, setU32, NONE } from '../common/memory';
import { SearchGraph, SearchSpace } from './layout';

/** Where a route's arcs are written: three buffers from the scratch slot, each for max(nodes, arcs) + 1 ids. */
@unmanaged export class PathBuffers {
  arcCount: u32;
  /** u32 original arc ids of the route. */
  arcs: usize;
  /** u32 work stack of hierarchy arcs still to expand. */
  stack: usize;
  /** u32 hierarchy arcs of the forward search, from the meeting node back to the source. */
  chain: usize;
  sourceSeed: u32;
  targetSeed: u32;
}

/** Expands one hierarchy arc onto the end of the path, depth-first, first child first. */
function appendUnpacked(graph: SearchGraph, arc: u32, path: PathBuffers): void {
  let depth: u32 = 1;
  setU32(path.stack, 0, arc);
  while (depth > 0) {
    depth--;
    const top = getU32(path.stack, depth);
    if (top < graph.arcCount) {
      setU32(path.arcs, path.arcCount, top);
      path.arcCount++;
      continue;
    }
    const children = graph.shortcutChildren + (<usize>(top - graph.arcCount) << 3);
    setU32(path.stack, depth, load<u32>(children, 4));
    setU32(path.stack, depth + 1, load<u32>(children));
    depth += 2;
  }
}

/**
 * Writes the route through `meet`: the forward search's parent chain read backwards, then the backward
 * search's chain, which already runs towards the target. Records which seeds the route used.
 */
export function unpackRoute(graph: SearchGraph, forward: SearchSpace, backward: SearchSpace, meet: u32, path: PathBuffers): void {
  path.arcCount = 0;
  let upward: u32 = 0;
  let node = meet;
  while (getU32(forward.parentArc, node) != NONE) {
    setU32(path.chain, upward, getU32(forward.parentArc, node));
    upward++;
    node = getU32(forward.parentNode, node);
  }
  path.sourceSeed = getU32(forward.parentNode, node);
  while (upward > 0) {
    upward--;
    appendUnpacked(graph, getU32(path.chain, upward), path);
  }
  node = meet;
  while (getU32(backward.parentArc, node) != NONE) {
    appendUnpacked(graph, getU32(backward.parentArc, node), path);
    node = getU32(backward.parentNode, node);
  }
  path.targetSeed = getU32(backward.parentNode, node);
}
