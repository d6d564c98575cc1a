/**
 * Predicted traffic as routing uses it: every hour of the week drives one *pattern*, and hours with identical
 * patterns share it, so they share one metric and one hierarchy. Pattern 0 is free flow (the map's own
 * metric). A pattern either scales speeds per road class (urban and rural apart: the built-in typical week)
 * or sets the speed of individual OSM ways (a user's traffic file). Plain data: it travels to the workers
 * inside the routing map descriptor.
 */
import { ArcFlag } from '../../map/arc-flags.js';
import type { RoadGraph } from '../../map/graph/road-graph.js';
import type { RoadClass } from '../../map/profiles/road-class.js';

export const FREE_FLOW_PATTERN = 0;

export type TrafficPattern =
  /** Speed multipliers indexed by RoadClass, inside and outside built-up areas. */
  | { kind: 'road-classes'; urban: readonly number[]; rural: readonly number[] }
  /** km/h per OSM way id; ways not listed drive at their free-flow speed. */
  | { kind: 'ways'; speedKmh: ReadonlyMap<number, number> };

export interface TrafficModel {
  /** Where the model comes from, for the map summary and docs/traffic.md. */
  source: string;
  /** Index 0 is free flow and ignored. */
  patterns: readonly (TrafficPattern | null)[];
  /** The pattern of each hour of the week (168 entries). */
  patternOfHour: readonly number[];
}

export function patternAt(model: TrafficModel, hourOfWeek: number): number {
  return model.patternOfHour[hourOfWeek] ?? FREE_FLOW_PATTERN;
}

/** The speed factor of each arc under a pattern, for computeMetric; undefined for free flow. */
export function patternSpeedFactor(model: TrafficModel, pattern: number, graph: RoadGraph):
  ((arc: number, roadClass: RoadClass) => number) | undefined {
  const p = model.patterns[pattern];
  if (!p) return undefined;
  if (p.kind === 'road-classes') {
    return (arc, roadClass) => ((graph.arcFlags[arc]! & ArcFlag.Urban) !== 0 ? p.urban : p.rural)[roadClass] ?? 1;
  }
  return (arc) => {
    const speed = p.speedKmh.get(graph.edgeWayId[graph.arcEdge[arc]!]!);
    const free = graph.arcSpeedKmh[arc]!;
    return speed === undefined || !(free > 0) ? 1 : speed / free;
  };
}
