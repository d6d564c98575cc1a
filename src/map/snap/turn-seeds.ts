import { NO_ZONE } from '../graph/destination-zones.js';
import { BLOCKED_MS } from '../graph/metric.js';
import type { RoadGraph } from '../graph/road-graph.js';
import { turnClosed, type TurnGraph } from '../graph/turn-graph.js';
import type { SnapCandidate } from './snap-candidate.js';
import type { ArcCopies, SnapSeeds } from './seeds.js';
import { zoneEntries, zoneExits, type ZoneSeed } from './zone-seeds.js';

export interface TurnSeeds extends SnapSeeds {
  /**
   * Per source seed (parallel to sources): the road arcs it drives in full between the partly driven arc and
   * its node (inside a destination-only zone; mostly none), and the time of the turns it makes.
   */
  sourceThrough: number[][];
  sourceTurnMs: number[];
  /** Per target seed: the road arcs it drives in full from its node on, before the partly driven arc, and its turns' time. */
  targetThrough: number[][];
  targetTurnMs: number[];
}

function addSource(seeds: TurnSeeds, arc: number, zoneSeed: ZoneSeed): void {
  seeds.sources.push(zoneSeed.seed);
  seeds.sourceArcs.push(arc);
  seeds.sourceThrough.push(zoneSeed.through);
  seeds.sourceTurnMs.push(zoneSeed.turnMs);
}

function addTarget(seeds: TurnSeeds, arc: number, zoneSeed: ZoneSeed): void {
  seeds.targets.push(zoneSeed.seed);
  seeds.targetArcs.push(arc);
  seeds.targetThrough.push(zoneSeed.through);
  seeds.targetTurnMs.push(zoneSeed.turnMs);
}

/**
 * Seeds of a snapped point on the edge-based graph, whose labels sit at the start of road arcs. Leaving the
 * point along arc a costs the rest of a plus the turn into each arc it may turn into (one seed per allowed
 * turn, so a U-turn right after the start is only made where the turn model allows it). Arriving costs the
 * part of a up to the point, from the start of a or of any restriction copy of a. Both directions on a
 * two-way road; none on arcs `weights` blocks. A point inside a destination-only zone also gets a seed on
 * every road out of the zone (departing) and into it (arriving), with the drive inside (zone-seeds.ts).
 */
export function turnSeedsOf(graph: RoadGraph, turns: TurnGraph, copies: ArcCopies, snap: SnapCandidate,
  weights: Uint32Array = graph.weight): TurnSeeds {
  const seeds: TurnSeeds = {
    sources: [], targets: [], sourceArcs: [], targetArcs: [], sourceThrough: [], sourceTurnMs: [], targetThrough: [], targetTurnMs: [],
  };
  const roads: SeededRoads = { graph, turns, copies, weights };
  addArcSeeds(roads, seeds, snap.arc, snap.fraction);
  if (snap.reverseArc >= 0) addArcSeeds(roads, seeds, snap.reverseArc, 1 - snap.fraction);
  return seeds;
}

interface SeededRoads {
  graph: RoadGraph;
  turns: TurnGraph;
  copies: ArcCopies;
  weights: Uint32Array;
}

/**
 * The seeds of a point at fraction `f` of `arc`. A function of the module, not a closure per point: one
 * function whose type feedback and optimized code every matrix shares (docs/routing-service.md, The first request).
 */
function addArcSeeds({ graph, turns, copies, weights }: SeededRoads, seeds: TurnSeeds, arc: number, f: number): void {
  const w = weights[arc]!, d = graph.distance[arc]!;
  if (w >= BLOCKED_MS) return;
  const rest = { weight: Math.round((1 - f) * w), distance: Math.round((1 - f) * d) };
  for (let t = turns.firstTurn[arc]!; t < turns.firstTurn[arc + 1]!; t++) {
    const next = turns.head[t]!, turnMs = turns.turnMs[t]!;
    if (turnClosed(turns, t) || weights[next]! >= BLOCKED_MS) continue;
    addSource(seeds, arc, { seed: { node: next, weight: rest.weight + turnMs, distance: rest.distance }, through: [], turnMs });
  }
  const arrive = { weight: Math.round(f * w), distance: Math.round(f * d) };
  const arrivals = [arc, ...copies.of(arc)];
  for (const a of arrivals) addTarget(seeds, a, { seed: { node: a, ...arrive }, through: [], turnMs: 0 });
  if (turns.arcZone[arc] === NO_ZONE) return;
  for (const exit of zoneExits(graph, turns, arc, f, weights)) addSource(seeds, arc, exit);
  for (const entry of zoneEntries(graph, turns, arrivals, f, weights)) addTarget(seeds, arc, entry);
}
