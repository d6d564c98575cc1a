import { ArcFlag } from '../arc-flags.js';
import { classMayUse, type DimensionClass, type SizeLimits } from '../profiles/dimension-classes.js';
import type { RoadClass } from '../profiles/road-class.js';
import { CLOSED_ARC } from '../../kernels/arc-graph.js';
import type { RoadGraph } from './road-graph.js';
import { WEEK_HOURS } from '../profiles/restriction-condition.js';

/** Weight of an arc the metric's vehicle may not use; the kernels treat it as no arc. */
export const BLOCKED_MS = CLOSED_ARC;
/** The kernels refuse any other weight above a u31. */
const MAX_WEIGHT_MS = 0x7fffffff;
/**
 * Share of its time a truck's search counts on an `hgv=designated` road: a small preference that picks the
 * signed truck route over an ordinary one up to about a tenth faster, never a long detour.
 */
export const HGV_DESIGNATED_WEIGHT_SHARE = 0.9;

export interface MetricOptions {
  /** Multiplies an arc's speed (traffic slot, driving_speed_percentage); must be > 0. */
  speedFactor?: (arc: number, roadClass: RoadClass) => number;
  /** Truck dimension class: arcs it may not use get BLOCKED_MS. Only meaningful on a truck graph. */
  dimensionClass?: DimensionClass;
  /** Hour of the week driven (0: Monday 00:00): turns a conditional restriction forbids then are closed. */
  hourOfWeek?: number;
}

export interface Metric {
  /** What routes report; BLOCKED_MS on blocked arcs. */
  durationMs: Uint32Array;
  /** What searches minimise (the kernels' `weight`): the duration, but for trucks' preference for designated roads. */
  weight: Uint32Array;
}

/** Free-flow or factored duration of one arc, never below 1 ms so no arc is free. */
function arcDurationMs(distanceCm: number, speedKmh: number, fixedMs: number): number {
  const driving = speedKmh > 0 ? Math.round((distanceCm * 36) / speedKmh) : 0;
  return Math.min(MAX_WEIGHT_MS, Math.max(1, driving + fixedMs));
}

/** The truck limits of an edge, 0 where it has none. */
function sizeLimitsOf(graph: RoadGraph, edge: number): SizeLimits {
  return {
    heightMeters: graph.edgeMaxHeightM[edge]!, weightTonnes: graph.edgeMaxWeightT[edge]!, widthMeters: graph.edgeMaxWidthM[edge]!,
    lengthMeters: graph.edgeMaxLengthM[edge]!, axleLoadTonnes: graph.edgeMaxAxleLoadT[edge]!,
  };
}

/** Whether a conditional restriction closes the arc in this hour of the week. */
function closedAt(graph: RoadGraph, arc: number, hourOfWeek: number | undefined): boolean {
  const condition = graph.arcCondition[arc]!;
  return condition > 0 && hourOfWeek !== undefined && graph.conditionHours[(condition - 1) * WEEK_HOURS + hourOfWeek] === 1;
}

/** One metric over the graph's fixed topology: what traffic slots and truck classes each get their own of. */
export function computeMetric(graph: RoadGraph, options: MetricOptions = {}): Metric {
  const { speedFactor, dimensionClass, hourOfWeek } = options;
  const durationMs = new Uint32Array(graph.arcCount);
  const weight = new Uint32Array(graph.arcCount);
  for (let a = 0; a < graph.arcCount; a++) {
    const e = graph.arcEdge[a]!;
    const flags = graph.arcFlags[a]!;
    if (flags & ArcFlag.Closed || (dimensionClass && !classMayUse(dimensionClass, sizeLimitsOf(graph, e), (flags & ArcFlag.HgvForbidden) !== 0))
      || closedAt(graph, a, hourOfWeek)) {
      durationMs[a] = weight[a] = BLOCKED_MS;
      continue;
    }
    const factor = speedFactor ? speedFactor(a, graph.edgeRoadClass[e]! as RoadClass) : 1;
    const d = arcDurationMs(graph.distance[a]!, graph.arcSpeedKmh[a]! * factor, graph.arcFixedMs[a]!);
    durationMs[a] = d;
    weight[a] = dimensionClass && flags & ArcFlag.HgvDesignated ? Math.max(1, Math.round(d * HGV_DESIGNATED_WEIGHT_SHARE)) : d;
  }
  return { durationMs, weight };
}
