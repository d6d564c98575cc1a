/**
 * The nearest point of a segment to a point, in the tangent plane at that point (docs/geometry.md): the
 * segment's ends become metres from the point before anything is multiplied, so the answer is as precise in
 * Baltimore or near the antimeridian as at (0, 0).
 */
import { LocalFrame } from './local-frame.js';
import { EARTH_RADIUS_M, RAD, wrapLongitude, type Point } from './point.js';

export interface SegmentProjection {
  /** Position along the segment in [0, 1]. */
  t: number;
  distanceMeters: number;
}

/** Share of the degree-gap distance a lower bound keeps: the plane's sines fall short of their angles by far less. */
const LOWER_BOUND_SHARE = 0.99;
/** How far above its ends a great circle between them may reach, at the snapper's scale. */
const CONVERGENCE_MARGIN_DEGREES = 0.01;

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

  /**
   * A lower bound of `project(…).distanceMeters`, from degree differences alone (no trigonometry but one cosine):
   * the plane's east and north of every point of the segment lie between those of its ends, and those are at
   * least the latitude gap and the longitude gap at the highest latitude, less the meridians' convergence. Kept
   * 1 % under, so that a segment it rules out is surely farther.
   */
  distanceAtLeast(lat1: number, lon1: number, lat2: number, lon2: number): number {
    const { lat, lon } = this.point;
    const highest = Math.max(Math.abs(lat), Math.abs(lat1), Math.abs(lat2)) + CONVERGENCE_MARGIN_DEGREES;
    if (highest >= 90) return 0;
    const east1 = wrapLongitude(lon1 - lon), east2 = wrapLongitude(lon2 - lon);
    const lonGap = Math.max(0, Math.min(east1, east2), -Math.max(east1, east2)) * RAD;
    const latGap = Math.max(0, Math.min(lat1, lat2) - lat, lat - Math.max(lat1, lat2)) * RAD;
    const widest = Math.max(Math.abs(east1), Math.abs(east2)) * RAD;
    const convergence = EARTH_RADIUS_M * widest * widest;
    const eastGap = lonGap === 0 ? 0 : Math.cos(highest * RAD) * lonGap;
    return LOWER_BOUND_SHARE * EARTH_RADIUS_M * Math.sqrt(latGap * latGap + eastGap * eastGap) - convergence;
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
