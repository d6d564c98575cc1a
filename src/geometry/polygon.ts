/**
 * Rings (building outlines, boundaries) as flat [lat0, lon0, lat1, lon1, …], closed or not. Areas and
 * centroids are computed in the tangent plane at the ring's first vertex, where the shoelace products are
 * products of metres, not of absolute degrees (docs/geometry.md). Orientation signs come from
 * `robust-predicates`, exact for any input.
 */
import { orient2d } from 'robust-predicates';
import { frameAtStart, type LocalFrame } from './local-frame.js';
import { RAD, wrapLongitude, type Point } from './point.js';

/** A ring in metres of a frame, without the repeated closing vertex. */
export interface PlaneRing {
  frame: LocalFrame;
  /** Flat [east0, north0, east1, north1, …]. */
  metres: Float64Array;
}

export function planeRing(ring: ArrayLike<number>): PlaneRing {
  const frame = frameAtStart(ring);
  let metres = frame.project(ring);
  const n = metres.length;
  if (n >= 4 && metres[0] === metres[n - 2] && metres[1] === metres[n - 1]) metres = metres.subarray(0, n - 2);
  return { frame, metres };
}

/** Twice the signed area in m² (positive counterclockwise) and the area-weighted sums of the centroid. */
function shoelace(metres: Float64Array): { twiceArea: number; sumX: number; sumY: number } {
  let twiceArea = 0, sumX = 0, sumY = 0;
  for (let i = 0; i < metres.length; i += 2) {
    const j = (i + 2) % metres.length;
    const x0 = metres[i]!, y0 = metres[i + 1]!, x1 = metres[j]!, y1 = metres[j + 1]!;
    const cross = x0 * y1 - x1 * y0;
    twiceArea += cross;
    sumX += (x0 + x1) * cross;
    sumY += (y0 + y1) * cross;
  }
  return { twiceArea, sumX, sumY };
}

/** Area in m², whatever the ring's direction. */
export function ringAreaSquareMeters(ring: ArrayLike<number>): number {
  return Math.abs(shoelace(planeRing(ring).metres).twiceArea) / 2;
}

/** Below this area (m²) a ring is a line or a point: its centroid is the mean of its vertices. */
const degenerateArea = 1e-6;

/** The area-weighted centroid in the ring's plane, in metres. */
export function planeCentroid(metres: Float64Array): [number, number] {
  const { twiceArea, sumX, sumY } = shoelace(metres);
  if (Math.abs(twiceArea) / 2 >= degenerateArea) return [sumX / (3 * twiceArea), sumY / (3 * twiceArea)];
  let x = 0, y = 0;
  for (let i = 0; i < metres.length; i += 2) {
    x += metres[i]!;
    y += metres[i + 1]!;
  }
  const vertices = Math.max(1, metres.length / 2);
  return [x / vertices, y / vertices];
}

/** Area-weighted centroid of a ring; the mean of its vertices when the ring has no area. */
export function ringCentroid(ring: ArrayLike<number>): Point {
  const { frame, metres } = planeRing(ring);
  const [x, y] = planeCentroid(metres);
  return frame.toDegrees(x, y);
}

/** Whether every turn of the ring goes the same way (collinear vertices allowed). */
export function isConvex(metres: Float64Array): boolean {
  const n = metres.length / 2;
  let sign = 0;
  for (let i = 0; i < n; i++) {
    const a = 2 * i, b = 2 * ((i + 1) % n), c = 2 * ((i + 2) % n);
    const turn = Math.sign(orient2d(metres[a]!, metres[a + 1]!, metres[b]!, metres[b + 1]!, metres[c]!, metres[c + 1]!));
    if (turn === 0) continue;
    if (sign !== 0 && turn !== sign) return false;
    sign = turn;
  }
  return true;
}

/**
 * Ray casting from the point towards the east, on coordinates taken relative to the point (latitude
 * differences, wrapped longitude differences scaled by cos φ): which side of an edge the point lies on is an
 * exact orientation sign of small numbers, and an affine scaling keeps it. The straight edges of this plane
 * and of the tangent plane part by less than a millimetre on a building; on a boundary, by less than the
 * precision of the map's own line.
 */
export function ringContains(ring: ArrayLike<number>, point: Point): boolean {
  const scale = Math.cos(point.lat * RAD);
  let inside = false;
  for (let i = 0, j = ring.length - 2; i + 1 < ring.length; j = i, i += 2) {
    const iy = ring[i]! - point.lat, jy = ring[j]! - point.lat;
    if (iy > 0 === jy > 0) continue;
    const ix = wrapLongitude(ring[i + 1]! - point.lon) * scale, jx = wrapLongitude(ring[j + 1]! - point.lon) * scale;
    // The edge crosses the point's parallel east of the point when the point lies left of the upward edge.
    const upward = jy < iy;
    const side = orient2d(upward ? jx : ix, upward ? jy : iy, upward ? ix : jx, upward ? iy : jy, 0, 0);
    if (side < 0) inside = !inside;
  }
  return inside;
}

/** Bounding box [minLat, minLon, maxLat, maxLon] of flat coordinates. */
export function boundingBox(coordinates: ArrayLike<number>): [number, number, number, number] {
  let minLat = Infinity, minLon = Infinity, maxLat = -Infinity, maxLon = -Infinity;
  for (let i = 0; i < coordinates.length; i += 2) {
    minLat = Math.min(minLat, coordinates[i]!);
    maxLat = Math.max(maxLat, coordinates[i]!);
    minLon = Math.min(minLon, coordinates[i + 1]!);
    maxLon = Math.max(maxLon, coordinates[i + 1]!);
  }
  return [minLat, minLon, maxLat, maxLon];
}
