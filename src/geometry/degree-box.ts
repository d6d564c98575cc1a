import { EARTH_RADIUS_M, RAD } from './point.js';

const metresPerDegree = EARTH_RADIUS_M * RAD;

/** Half-sizes in degrees of a box of `radius` metres around a latitude (wide enough near the poles). */
export function degreeBox(lat: number, radiusMeters: number): { dLat: number; dLon: number } {
  const dLat = radiusMeters / metresPerDegree;
  const cos = Math.max(0.01, Math.cos(lat * RAD));
  return { dLat, dLon: dLat / cos };
}
