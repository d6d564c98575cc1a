const METERS_PER_DEGREE = 111_319.49;

export interface Projection {
  /** Position along the segment in [0, 1]. */
  t: number;
  distanceMeters: number;
}

/**
 * Projects a point onto a segment (all in degrees) in a local equirectangular frame around the point:
 * exact enough at snapping distances, and cheap.
 */
export function projectOntoSegment(lat: number, lon: number, lat1: number, lon1: number, lat2: number, lon2: number): Projection {
  const kx = Math.cos((lat * Math.PI) / 180) * METERS_PER_DEGREE;
  const ax = (lon1 - lon) * kx, ay = (lat1 - lat) * METERS_PER_DEGREE;
  const bx = (lon2 - lon) * kx, by = (lat2 - lat) * METERS_PER_DEGREE;
  const dx = bx - ax, dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? Math.min(1, Math.max(0, -(ax * dx + ay * dy) / len2)) : 0;
  return { t, distanceMeters: Math.hypot(ax + t * dx, ay + t * dy) };
}

/** Half-sizes in degrees of a box of `radius` metres around a latitude. */
export function degreeBox(lat: number, radiusMeters: number): { dLat: number; dLon: number } {
  const dLat = radiusMeters / METERS_PER_DEGREE;
  const cos = Math.max(0.01, Math.cos((lat * Math.PI) / 180));
  return { dLat, dLon: dLat / cos };
}
