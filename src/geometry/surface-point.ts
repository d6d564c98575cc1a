/**
 * The one point that stands for a building: it must lie on the building, where a driver is sent. A convex
 * outline's centroid always does; an L- or U-shaped outline's centroid can fall in the yard, so a
 * non-convex outline gets its pole of inaccessibility (`polylabel`, the point farthest from the walls, as
 * Nominatim's point on the surface), computed in the ring's tangent plane (docs/geometry.md).
 */
import polylabel from 'polylabel';
import { isConvex, planeCentroid, planeRing } from './polygon.js';
import type { Point } from './point.js';

/** Polylabel stops refining once it knows the best point to within this (metres). */
const labelPrecision = 0.05;

export function surfacePoint(ring: ArrayLike<number>): Point {
  const { frame, metres } = planeRing(ring);
  if (metres.length < 6 || isConvex(metres)) {
    const [x, y] = planeCentroid(metres);
    return frame.toDegrees(x, y);
  }
  const outline: number[][] = [];
  for (let i = 0; i < metres.length; i += 2) outline.push([metres[i]!, metres[i + 1]!]);
  const [x, y] = polylabel([outline], labelPrecision);
  return frame.toDegrees(x, y);
}
