/**
 * One leg between two snapped stops: the fastest of the hierarchy's route between their seeds and, when both
 * lie on the same arc with the destination ahead, the drive along that arc alone (seeds cannot express it:
 * they meet the network only at the arc's ends). The hierarchy is over the turn graph; its path is turned back
 * into road arcs, with the arcs a seed drives inside a destination-only zone before or after it. Times are
 * re-summed from the metric's durations plus the turns' times. Off-street connections (stop-snap.ts) are
 * part of both ends.
 */
import { roadArcsOfTurns, turnTimeMs } from '../../map/graph/turn-path.js';
import type { ProfileRouter, RoutingMetric } from './profile-router.js';
import type { ArcPosition, SnappedStop } from './stop-snap.js';

export interface Leg {
  /** What the search minimised, ms. */
  weight: number;
  durationMs: number;
  distanceCm: number;
  /** Where the leg leaves the first stop, the arcs driven in full, where it ends on the last one. */
  from: ArcPosition;
  arcs: number[];
  to: ArcPosition;
}

/** The part of an arc between two fractions (or from 0 / to 1): duration and distance rounded like seeds are. */
function partOf(values: Uint32Array, arc: number, share: number): number {
  return Math.round(share * values[arc]!);
}

/** The drive along a single arc when the destination lies ahead of the origin on it; the fastest if several. */
export function sameArcLeg(metric: RoutingMetric, distance: Uint32Array, from: SnappedStop, to: SnappedStop): Leg | null {
  let best: Leg | null = null;
  const connectionMs = from.connection.durationMs + to.connection.durationMs;
  for (const start of from.along) {
    for (const end of to.along) {
      if (start.arc !== end.arc || end.fraction < start.fraction) continue;
      const share = end.fraction - start.fraction;
      const weight = partOf(metric.weight, start.arc, share) + connectionMs;
      if (best && best.weight <= weight) continue;
      best = {
        weight, durationMs: partOf(metric.durationMs, start.arc, share) + connectionMs,
        distanceCm: partOf(distance, start.arc, share) + from.connection.distanceCm + to.connection.distanceCm,
        from: start, arcs: [], to: end,
      };
    }
  }
  return best;
}

/** The fastest leg, or null when the destination cannot be reached from the origin under this metric. */
export function routeLeg(router: ProfileRouter, metric: RoutingMetric, from: SnappedStop, to: SnappedStop): Leg | null {
  const direct = sameArcLeg(metric, router.graph.distance, from, to);
  const route = metric.kernels.route(metric.hierarchy, from.departures.seeds, to.arrivals.seeds);
  if (!route || (direct && direct.weight <= route.weight)) return direct;
  const start = from.departures.positions[route.sourceSeed]!;
  const end = to.arrivals.positions[route.targetSeed]!;
  // The road arcs after the first: each source seed sits at the start of one; the last is the target seed's
  // node, which the seed's own arcs (a zone's, or none) replace.
  const arcs = [
    ...from.departures.through[route.sourceSeed]!,
    ...roadArcsOfTurns(router.turns, from.departures.seeds[route.sourceSeed]!.node, route.arcs).slice(0, -1),
    ...to.arrivals.through[route.targetSeed]!,
  ];
  let durationMs = partOf(metric.durationMs, start.arc, 1 - start.fraction) + partOf(metric.durationMs, end.arc, end.fraction)
    + from.connection.durationMs + to.connection.durationMs + from.departures.turnMs[route.sourceSeed]!
    + turnTimeMs(router.turns, route.arcs) + to.arrivals.turnMs[route.targetSeed]!;
  for (const arc of arcs) durationMs += metric.durationMs[arc]!;
  return { weight: route.weight, durationMs, distanceCm: route.distance, from: start, arcs, to: end };
}
