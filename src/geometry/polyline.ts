/**
 * Polylines as flat [lat0, lon0, lat1, lon1, …] (compact to serialize): the nearest point to a point, and the
 * point at a share of the length. Both go through the tangent plane (docs/geometry.md).
 */
import { distanceMeters, haversineMeters } from './sphere.js';
import { SegmentProjector, between } from './segment-projection.js';
import type { Point } from './point.js';

export interface Projection extends Point {
  distance: number;
}

/** The point of a polyline nearest to `point`. */
export function projectOntoLine(point: Point, line: ArrayLike<number>): Projection {
  const start = { lat: line[0]!, lon: line[1]! };
  if (line.length < 4) return { ...start, distance: distanceMeters(point, start) };
  const projector = new SegmentProjector(point);
  let best = { segment: 0, t: 0, distance: Infinity };
  for (let i = 0; i + 3 < line.length; i += 2) {
    const { t, distanceMeters: distance } = projector.project(line[i]!, line[i + 1]!, line[i + 2]!, line[i + 3]!);
    if (distance < best.distance) best = { segment: i, t, distance };
  }
  const i = best.segment;
  return { ...projector.foot(line[i]!, line[i + 1]!, line[i + 2]!, line[i + 3]!, best.t), distance: best.distance };
}

/** The point at `fraction` (0–1) of the polyline's length. */
export function pointAlongLine(line: ArrayLike<number>, fraction: number): Point {
  const lengths: number[] = [];
  for (let i = 0; i + 3 < line.length; i += 2) lengths.push(haversineMeters(line[i]!, line[i + 1]!, line[i + 2]!, line[i + 3]!));
  let remaining = fraction * lengths.reduce((sum, length) => sum + length, 0);
  for (let segment = 0; segment < lengths.length; segment++) {
    const length = lengths[segment]!;
    if (remaining <= length || segment === lengths.length - 1) {
      const i = 2 * segment;
      return between({ lat: line[i]!, lon: line[i + 1]! }, { lat: line[i + 2]!, lon: line[i + 3]! }, length === 0 ? 0 : Math.min(1, remaining / length));
    }
    remaining -= length;
  }
  return { lat: line[0]!, lon: line[1]! };
}
