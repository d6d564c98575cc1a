import type { TurnGraph } from './turn-graph.js';

/**
 * The road arcs a path on the turn graph drives, starting on road arc `first` (the node of the source seed it
 * left from): `first`, then the arc every turn turns into. The last one is the target seed's arc.
 */
export function roadArcsOfTurns(turns: TurnGraph, first: number, path: readonly number[]): number[] {
  const arcs = [first];
  for (const t of path) arcs.push(turns.head[t]!);
  return arcs;
}

/** What the turns of a path cost together, ms. */
export function turnTimeMs(turns: TurnGraph, path: readonly number[]): number {
  let ms = 0;
  for (const t of path) ms += turns.turnMs[t]!;
  return ms;
}
