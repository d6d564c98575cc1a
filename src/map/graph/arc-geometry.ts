import { ArcFlag } from '../arc-flags.js';
import { E7 } from '../geo.js';
import type { RoadGraph } from './road-graph.js';

/** The points of an arc in driving order, [lat, lon] in degrees. */
export function arcPoints(graph: RoadGraph, arc: number): [number, number][] {
  const e = graph.arcEdge[arc]!;
  const points: [number, number][] = [];
  for (let p = graph.geomStart[e]!; p < graph.geomStart[e + 1]!; p++) points.push([graph.geomLat[p]! / E7, graph.geomLon[p]! / E7]);
  return graph.arcFlags[arc]! & ArcFlag.Reversed ? points.reverse() : points;
}
