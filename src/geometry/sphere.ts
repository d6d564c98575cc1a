/**
 * Distances and bearings on the sphere. Both formulas take differences of coordinates before any product
 * (haversine of half-differences), so they keep full precision at any distance from (0, 0); the sines of
 * half-differences are periodic, which makes them correct across the antimeridian without a wrap.
 */
import { EARTH_RADIUS_M, RAD, type Point } from './point.js';

/** Great-circle distance in metres. */
export function haversineMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD, dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

export function distanceMeters(a: Point, b: Point): number {
  return haversineMeters(a.lat, a.lon, b.lat, b.lon);
}

/**
 * Initial bearing from point 1 to point 2, degrees clockwise from north in [0, 360). The north component is
 * written as sin(Δφ) plus a correction instead of cos φ1 sin φ2 − sin φ1 cos φ2 cos Δλ, whose two terms
 * cancel down to the metres between the points.
 */
export function bearingDegrees(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const phi1 = lat1 * RAD, phi2 = lat2 * RAD, dLon = (lon2 - lon1) * RAD;
  const east = Math.sin(dLon) * Math.cos(phi2);
  const north = Math.sin(phi2 - phi1) + 2 * Math.sin(phi1) * Math.cos(phi2) * Math.sin(dLon / 2) ** 2;
  return (Math.atan2(east, north) / RAD + 360) % 360;
}
