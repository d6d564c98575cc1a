import { sharedCopy } from '../../common/shared-array.js';
import type { Seed } from '../../kernels/arc-graph.js';
import { BLOCKED_MS } from '../graph/metric.js';
import type { RoadGraph } from '../graph/road-graph.js';
import type { SnapCandidate } from './snap-candidate.js';

/**
 * For each primary arc, the restriction copies of it (they leave the copies of its tail node). Copies are rare,
 * so the index holds only them, sorted by the arc they copy, on a SharedArrayBuffer that every worker shares.
 */
export class ArcCopies {
  private constructor(private readonly origin: Uint32Array, readonly byOrigin: Uint32Array) {}

  static build(graph: RoadGraph): ArcCopies {
    const copies = Array.from({ length: graph.arcCount - graph.primaryArcCount }, (_, i) => graph.primaryArcCount + i);
    copies.sort((a, b) => graph.arcOrigin[a]! - graph.arcOrigin[b]! || a - b);
    return new ArcCopies(graph.arcOrigin, sharedCopy(Uint32Array.from(copies)));
  }

  /** The index built by `build` in another thread, on the same graph. */
  static attach(graph: RoadGraph, byOrigin: Uint32Array): ArcCopies {
    return new ArcCopies(graph.arcOrigin, byOrigin);
  }

  of(primary: number): Uint32Array {
    const first = this.firstAtLeast(primary);
    return this.byOrigin.subarray(first, this.firstAtLeast(primary + 1, first));
  }

  private firstAtLeast(origin: number, low = 0): number {
    let high = this.byOrigin.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.origin[this.byOrigin[middle]!]! < origin) low = middle + 1;
      else high = middle;
    }
    return low;
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
