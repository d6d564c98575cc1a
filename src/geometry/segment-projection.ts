/**
 * The nearest point of a segment to a point, in the tangent plane at that point (docs/geometry.md): the
 * segment's ends become metres from the point before anything is multiplied, so the answer is as precise in
 * Baltimore or near the antimeridian as at (0, 0).
 */
import { LocalFrame } from './local-frame.js';
import { wrapLongitude, type Point } from './point.js';

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

/**
 * The point at `t` of the way from `a` to `b` (an interpolated house number, a point along a leg), in the
 * tangent plane at the segment's middle: the same point whichever end it is measured from, so that a snapped
 * stop and the end of a leg read backwards along the same segment agree to the last printed digit.
 */
export function between(a: Point, b: Point, t: number): Point {
  // A vertex comes back bit for bit: a snapped stop clamped to a corner prints like the corner itself.
  if (t <= 0) return { lat: a.lat, lon: a.lon };
  if (t >= 1) return { lat: b.lat, lon: b.lon };
  const middle = { lat: (a.lat + b.lat) / 2, lon: wrapLongitude(a.lon + wrapLongitude(b.lon - a.lon) / 2) };
  const frame = new LocalFrame(middle);
  const ax = frame.east(a.lat, a.lon), ay = frame.north(a.lat, a.lon);
  return frame.toDegrees(ax + t * (frame.east(b.lat, b.lon) - ax), ay + t * (frame.north(b.lat, b.lon) - ay));
}
