import type { RouteResult } from '../../kernels/arc-graph.js';
import type { TurnSeeds } from '../snap/turn-seeds.js';
import type { TurnGraph } from './turn-graph.js';

export interface TurnPath {
  /** Road arcs in driving order; the first and the last are driven only in part (from and to the stops). */
  arcs: number[];
  /** Time the turns along the path cost, ms (included in the route's weight). */
  turnMs: number;
}

/** The road arcs a route found on the turn graph drives: the source's arc, then the head of every turn. */
export function turnPathOf(turns: TurnGraph, route: RouteResult, sources: TurnSeeds): TurnPath {
  const firstTurn = sources.sourceTurns[route.sourceSeed]!;
  const arcs = [sources.sourceArcs[route.sourceSeed]!, turns.head[firstTurn]!];
  let turnMs = turns.turnMs[firstTurn]!;
  for (const t of route.arcs) {
    arcs.push(turns.head[t]!);
    turnMs += turns.turnMs[t]!;
  }
  return { arcs, turnMs };
}
