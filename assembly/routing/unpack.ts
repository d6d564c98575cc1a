// Turns the hierarchy arcs of a found route back into original arc ids, in driving order.
import { getU32, setU32, NONE } from '../common/memory';
import { SearchGraph, SearchSpace, edgeAddress, edgeArc, edgeOther } from './layout';

/**
 * Where a route's arcs are written: three buffers from the scratch slot, `arcs` and `chain` each for
 * max(nodes, arcs) + 1 ids, `stack` for twice as many.
 */
@unmanaged export class PathBuffers {
  arcCount: u32;
  /** u32 original arc ids of the route. */
  arcs: usize;
  /** (from node, hierarchy arc) pairs still to expand, the next one on top; each leads to the node below it. */
  stack: usize;
  /** u32 nodes of the forward search's parent chain, from the meeting node back to the source. */
  chain: usize;
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

/** Expands the hierarchy arc from `from` to `to` onto the end of the path, depth-first, first half first. */
function appendUnpacked(graph: SearchGraph, from: u32, to: u32, arc: u32, path: PathBuffers): void {
  let depth: u32 = 1;
  push(path, 0, from, arc);
  while (depth > 0) {
    depth--;
    const tail = getU32(path.stack, depth << 1);
    const top = getU32(path.stack, (depth << 1) + 1);
    if (top < graph.arcCount) {
      setU32(path.arcs, path.arcCount, top);
      path.arcCount++;
      continue;
    }
    const head = depth > 0 ? getU32(path.stack, (depth - 1) << 1) : to;
    const bypassed = top - graph.arcCount;
    push(path, depth, bypassed, arcBetween(graph, bypassed, head, false));
    push(path, depth + 1, tail, arcBetween(graph, bypassed, tail, true));
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
    setU32(path.chain, upward, node);
    upward++;
    node = getU32(forward.parentNode, node);
  }
  path.sourceSeed = getU32(forward.parentNode, node);
  while (upward > 0) {
    upward--;
    const reached = getU32(path.chain, upward);
    appendUnpacked(graph, getU32(forward.parentNode, reached), reached, getU32(forward.parentArc, reached), path);
  }
  node = meet;
  while (getU32(backward.parentArc, node) != NONE) {
    const next = getU32(backward.parentNode, node);
    appendUnpacked(graph, node, next, getU32(backward.parentArc, node), path);
    node = next;
  }
  path.targetSeed = getU32(backward.parentNode, node);
}
