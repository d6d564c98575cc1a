import { BLOCKED_MS } from '../graph/metric.js';
import type { RoadGraph } from '../graph/road-graph.js';
import type { TurnGraph } from '../graph/turn-graph.js';
import type { SnapCandidate } from './snap-candidate.js';
import type { ArcCopies, SnapSeeds } from './seeds.js';

export interface TurnSeeds extends SnapSeeds {
  /** The turn each source seed makes at the end of the partly driven arc (parallel to sources). */
  sourceTurns: number[];
}

/**
 * Seeds of a snapped point on the edge-based graph, whose labels sit at the start of road arcs. Leaving the
 * point along arc a costs the rest of a plus the turn into each arc it may turn into (one seed per allowed
 * turn, so a U-turn right after the start is only made where the turn model allows it). Arriving costs the
 * part of a up to the point, from the start of a or of any restriction copy of a. Both directions on a
 * two-way road; none on arcs `weights` blocks.
 */
export function turnSeedsOf(graph: RoadGraph, turns: TurnGraph, copies: ArcCopies, snap: SnapCandidate,
  weights: Uint32Array = graph.weight): TurnSeeds {
  const seeds: TurnSeeds = { sources: [], targets: [], sourceArcs: [], targetArcs: [], sourceTurns: [] };
  const add = (arc: number, f: number): void => {
    const w = weights[arc]!, d = graph.distance[arc]!;
    if (w >= BLOCKED_MS) return;
    const rest = { weight: Math.round((1 - f) * w), distance: Math.round((1 - f) * d) };
    for (let t = turns.firstTurn[arc]!; t < turns.firstTurn[arc + 1]!; t++) {
      const next = turns.head[t]!;
      if (weights[next]! >= BLOCKED_MS) continue;
      seeds.sources.push({ node: next, weight: rest.weight + turns.turnMs[t]!, distance: rest.distance });
      seeds.sourceArcs.push(arc);
      seeds.sourceTurns.push(t);
    }
    const arrive = { weight: Math.round(f * w), distance: Math.round(f * d) };
    for (const a of [arc, ...copies.of(arc)]) {
      seeds.targets.push({ node: a, ...arrive });
      seeds.targetArcs.push(a);
    }
  };
  add(snap.arc, snap.fraction);
  if (snap.reverseArc >= 0) add(snap.reverseArc, 1 - snap.fraction);
  return seeds;
}
