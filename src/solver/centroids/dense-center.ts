/**
 * The update step: a territory's centroid is the mean of its jobs weighted by how densely packed each one's
 * surroundings are (the inverse of the mean distance to its nearest neighbours in the territory), so the
 * centroid is drawn into the busy part of the territory rather than towards outliers.
 */
import type { LatLon } from '../../conventions/latlon.js';
import { haversineMeters } from '../../map/geo.js';

const NEIGHBOURS = 5;
/** Keeps the weight of jobs at the same spot finite. */
const FLOOR_METRES = 25;

function density(points: readonly LatLon[], index: number): number {
  const point = points[index]!;
  const nearest: number[] = [];
  points.forEach((other, otherIndex) => {
    if (otherIndex === index) return;
    const metres = haversineMeters(point.lat, point.lon, other.lat, other.lon);
    if (nearest.length < NEIGHBOURS) nearest.push(metres);
    else if (metres < nearest[NEIGHBOURS - 1]!) nearest[NEIGHBOURS - 1] = metres;
    else return;
    nearest.sort((a, b) => a - b);
  });
  const mean = nearest.length > 0 ? nearest.reduce((sum, metres) => sum + metres, 0) / nearest.length : 0;
  return 1 / (mean + FLOOR_METRES);
}

export function denseCenter(points: readonly LatLon[]): LatLon {
  let [lat, lon, total] = [0, 0, 0];
  points.forEach((point, index) => {
    const weight = density(points, index);
    lat += point.lat * weight;
    lon += point.lon * weight;
    total += weight;
  });
  return { lat: lat / total, lon: lon / total };
}
