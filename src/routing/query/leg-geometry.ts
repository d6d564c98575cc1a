/**
 * The shape of a leg: the partial first arc from the snapped origin, every arc driven in full, the partial
 * last arc up to the snapped destination. Arcs share their edge's geometry (restriction copies too); an arc
 * against the stored direction reads it backwards.
 */
import { between } from '../../geometry/segment-projection.js';
import { haversineMeters } from '../../geometry/sphere.js';
import { arcPoints } from '../../map/graph/arc-geometry.js';
import type { RoadGraph } from '../../map/graph/road-graph.js';
import type { Leg } from './leg.js';

export type Point = [lat: number, lon: number];

function interpolate(a: Point, b: Point, t: number): Point {
  const point = between({ lat: a[0], lon: a[1] }, { lat: b[0], lon: b[1] }, t);
  return [point.lat, point.lon];
}

/** The arc's points between two fractions of its length (as snapping measures it: along the geometry). */
function arcSection(graph: RoadGraph, arc: number, fromFraction: number, toFraction: number): Point[] {
  const points = arcPoints(graph, arc);
  const lengths = points.slice(1).map((point, i) => haversineMeters(points[i]![0], points[i]![1], point[0], point[1]));
  const total = lengths.reduce((sum, length) => sum + length, 0);
  const at = (fraction: number): { segment: number; point: Point } => {
    let remaining = fraction * total;
    for (let i = 0; i < lengths.length; i++) {
      if (remaining <= lengths[i]! || i === lengths.length - 1) {
        const t = lengths[i]! > 0 ? Math.min(1, remaining / lengths[i]!) : 0;
        return { segment: i, point: interpolate(points[i]!, points[i + 1]!, t) };
      }
      remaining -= lengths[i]!;
    }
    return { segment: 0, point: points[0]! };
  };
  if (points.length < 2) return points;
  const start = at(fromFraction), end = at(toFraction);
  return [start.point, ...points.slice(start.segment + 1, end.segment + 1), end.point];
}

function append(path: Point[], points: Point[]): void {
  for (const point of points) {
    const last = path[path.length - 1];
    if (!last || last[0] !== point[0] || last[1] !== point[1]) path.push(point);
  }
}

export function legGeometry(graph: RoadGraph, leg: Leg): Point[] {
  const path: Point[] = [];
  if (leg.arcs.length === 0 && leg.from.arc === leg.to.arc && leg.to.fraction >= leg.from.fraction) {
    append(path, arcSection(graph, leg.from.arc, leg.from.fraction, leg.to.fraction));
    return path;
  }
  append(path, arcSection(graph, leg.from.arc, leg.from.fraction, 1));
  for (const arc of leg.arcs) append(path, arcPoints(graph, arc));
  append(path, arcSection(graph, leg.to.arc, 0, leg.to.fraction));
  return path;
}
