// Turns the hierarchy arcs of a found route back into original arc ids, in driving order.
import { getU32, setU32, NONE } from '../common/memory';
import { SearchGraph, SearchSpace, edgeAddress, edgeArc, edgeOther } from './layout';

/**
 * Where a route's arcs are written: two buffers from the scratch slot, `arcs` for max(nodes, arcs) + 1 ids and
 * `stack` for twice as many.
 */
@unmanaged export class PathBuffers {
  arcCount: u32;
  /** u32 original arc ids of the route. */
  arcs: usize;
  /**
   * (from node, hierarchy arc) pairs still to expand, the next one on top; each leads to the `from` of the one
   * below it. Every pair on it yields at least one of the route's arcs still to come, so it never holds more
   * pairs than the route has arcs.
   */
  stack: usize;
  sourceSeed: u32;
  targetSeed: u32;
}

/** The arc id of `node`'s edge to or from `other` (`incoming`: the edges coming down into `node`). */
function arcBetween(graph: SearchGraph, node: u32, other: u32, incoming: bool): u32 {
  const first = incoming ? graph.backwardFirst : graph.forwardFirst;
  const edges = incoming ? graph.backwardEdges : graph.forwardEdges;
  const end = getU32(first, node + 1);
  for (let i = getU32(first, node); i < end; i++) {
    const edge = edgeAddress(edges, i);
    if (edgeOther(edge) == other) return edgeArc(edge);
  }
  unreachable(); // a shortcut's halves are always in the lists of the node it bypasses
  return NONE;
}

@inline function push(path: PathBuffers, depth: u32, from: u32, arc: u32): void {
  setU32(path.stack, depth << 1, from);
  setU32(path.stack, (depth << 1) + 1, arc);
}

/**
 * Expands the `depth` pairs on the stack onto the end of the path, depth-first, first half first; `to` is where
 * the bottom pair leads.
 */
function appendUnpacked(graph: SearchGraph, path: PathBuffers, depth: u32, to: u32): void {
  while (depth > 0) {
    depth--;
    const tail = getU32(path.stack, depth << 1);
    const arc = getU32(path.stack, (depth << 1) + 1);
    if (arc < graph.arcCount) {
      setU32(path.arcs, path.arcCount, arc);
      path.arcCount++;
      continue;
    }
    const head = depth > 0 ? getU32(path.stack, (depth - 1) << 1) : to;
    const bypassed = arc - graph.arcCount;
    push(path, depth, bypassed, arcBetween(graph, bypassed, head, false));
    push(path, depth + 1, tail, arcBetween(graph, bypassed, tail, true));
    depth += 2;
  }
}

/**
 * Writes the route through `meet`: the forward search's parent chain, stacked so that its first arc is on top,
 * then the backward search's chain, which already runs towards the target. Records which seeds the route used.
 */
export function unpackRoute(graph: SearchGraph, forward: SearchSpace, backward: SearchSpace, meet: u32, path: PathBuffers): void {
  path.arcCount = 0;
  let depth: u32 = 0;
  let node = meet;
  while (getU32(forward.parentArc, node) != NONE) {
    const previous = getU32(forward.parentNode, node);
    push(path, depth, previous, getU32(forward.parentArc, node));
    depth++;
    node = previous;
  }
  path.sourceSeed = getU32(forward.parentNode, node);
  appendUnpacked(graph, path, depth, meet);
  node = meet;
  while (getU32(backward.parentArc, node) != NONE) {
    const next = getU32(backward.parentNode, node);
    push(path, 0, node, getU32(backward.parentArc, node));
    appendUnpacked(graph, path, 1, next);
    node = next;
  }
  path.targetSeed = getU32(backward.parentNode, node);
}
