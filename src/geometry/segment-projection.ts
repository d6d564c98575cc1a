/**
 * The nearest point of a segment to a point, in the tangent plane at that point (docs/geometry.md): the
 * segment's ends become metres from the point before anything is multiplied, so the answer is as precise in
 * Baltimore or near the antimeridian as at (0, 0).
 */
import { LocalFrame } from './local-frame.js';
import type { Point } from './point.js';

export interface SegmentProjection {
  /** Position along the segment in [0, 1]. */
  t: number;
  distanceMeters: number;
}

/** Projects segments onto one point; the frame's trigonometry is paid once per point, not per segment. */
export class SegmentProjector {
  private readonly frame: LocalFrame;

  constructor(readonly point: Point) {
    this.frame = new LocalFrame(point);
  }

  project(lat1: number, lon1: number, lat2: number, lon2: number): SegmentProjection {
    const frame = this.frame;
    const ax = frame.east(lat1, lon1), ay = frame.north(lat1, lon1);
    const dx = frame.east(lat2, lon2) - ax, dy = frame.north(lat2, lon2) - ay;
    const length2 = dx * dx + dy * dy;
    const t = length2 > 0 ? Math.min(1, Math.max(0, -(ax * dx + ay * dy) / length2)) : 0;
    return { t, distanceMeters: Math.hypot(ax + t * dx, ay + t * dy) };
  }

  /** The point at `t` of the segment, on the straight line of the plane (not of the degrees). */
  foot(lat1: number, lon1: number, lat2: number, lon2: number, t: number): Point {
    const frame = this.frame;
    const ax = frame.east(lat1, lon1), ay = frame.north(lat1, lon1);
    return frame.toDegrees(ax + t * (frame.east(lat2, lon2) - ax), ay + t * (frame.north(lat2, lon2) - ay));
  }
}

/** The point at `t` of the way from `a` to `b` (an interpolated house number, a point along a leg). */
export function between(a: Point, b: Point, t: number): Point {
  return new SegmentProjector(a).foot(a.lat, a.lon, b.lat, b.lon, t);
}
