import { bearingDegrees } from '../../geometry/sphere.js';
import { ArcFlag } from '../arc-flags.js';
import { E7 } from '../geo.js';
import type { RoadGraph } from './road-graph.js';

/** Per arc, the direction it leaves its tail in and arrives at its head in: degrees clockwise from north. */
export interface ArcBearings {
  start: Float32Array;
  end: Float32Array;
}

function pointBearing(graph: RoadGraph, from: number, to: number): number {
  return bearingDegrees(graph.geomLat[from]! / E7, graph.geomLon[from]! / E7, graph.geomLat[to]! / E7, graph.geomLon[to]! / E7);
}

/** Bearings of the first and last segment of every arc, in driving direction. */
export function arcBearings(graph: RoadGraph): ArcBearings {
  const start = new Float32Array(graph.arcCount), end = new Float32Array(graph.arcCount);
  for (let a = 0; a < graph.arcCount; a++) {
    const e = graph.arcEdge[a]!;
    const first = graph.geomStart[e]!, last = graph.geomStart[e + 1]! - 1;
    if (graph.arcFlags[a]! & ArcFlag.Reversed) {
      start[a] = pointBearing(graph, last, last - 1);
      end[a] = pointBearing(graph, first + 1, first);
    } else {
      start[a] = pointBearing(graph, first, first + 1);
      end[a] = pointBearing(graph, last - 1, last);
    }
  }
  return { start, end };
}
