import type { Seed } from '../../kernels/arc-graph.js';
import { BLOCKED_MS } from '../graph/metric.js';
import type { RoadGraph } from '../graph/road-graph.js';
import type { SnapCandidate } from './snap-candidate.js';

/** For each primary arc, the restriction copies of it (they leave the copies of its tail node). */
export class ArcCopies {
  private readonly start: Uint32Array;
  private readonly list: Uint32Array;

  constructor(graph: RoadGraph) {
    const primaries = graph.primaryArcCount;
    this.start = new Uint32Array(primaries + 1);
    for (let a = primaries; a < graph.arcCount; a++) this.start[graph.arcOrigin[a]! + 1]!++;
    for (let a = 0; a < primaries; a++) this.start[a + 1]! += this.start[a]!;
    const fill = this.start.slice(0, primaries);
    this.list = new Uint32Array(graph.arcCount - primaries);
    for (let a = primaries; a < graph.arcCount; a++) this.list[fill[graph.arcOrigin[a]!]!++] = a;
  }

  of(primary: number): Uint32Array {
    return this.list.subarray(this.start[primary]!, this.start[primary + 1]!);
  }
}

export interface SnapSeeds {
  sources: Seed[];
  targets: Seed[];
  /** The arc each seed lies on (parallel to sources / targets): the partly driven first and last arcs. */
  sourceArcs: number[];
  targetArcs: number[];
}

/**
 * The contract's seeds for a snapped point: leaving it along an arc costs the rest of the arc, from its head;
 * arriving costs the part up to the point, from its tail, and from the tail of every restriction copy of that
 * arc (a vehicle that arrived there by a restricted turn sits in a copy of the tail node). Both directions
 * on a two-way road; none on arcs the metric blocks. `weights` is the metric in use (default: the graph's own).
 */
export function seedsOf(graph: RoadGraph, copies: ArcCopies, snap: SnapCandidate, weights: Uint32Array = graph.weight): SnapSeeds {
  const seeds: SnapSeeds = { sources: [], targets: [], sourceArcs: [], targetArcs: [] };
  const add = (arc: number, f: number): void => {
    const w = weights[arc]!, d = graph.distance[arc]!;
    if (w >= BLOCKED_MS) return;
    seeds.sources.push({ node: graph.head[arc]!, weight: Math.round((1 - f) * w), distance: Math.round((1 - f) * d) });
    seeds.sourceArcs.push(arc);
    const arrive = { weight: Math.round(f * w), distance: Math.round(f * d) };
    for (const a of [arc, ...copies.of(arc)]) {
      seeds.targets.push({ node: graph.tail[a]!, ...arrive });
      seeds.targetArcs.push(a);
    }
  };
  add(snap.arc, snap.fraction);
  if (snap.reverseArc >= 0) add(snap.reverseArc, 1 - snap.fraction);
  return seeds;
}
