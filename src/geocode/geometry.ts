/**
 * Plane geometry on small areas: distances in metres, projection of a point onto a polyline, centroids and
 * point-in-polygon. Coordinates are flat arrays [lat0, lon0, lat1, lon1, …] so they serialize compactly.
 */
import { haversineMeters } from '../map/geo.js';
import { projectOntoSegment } from '../map/snap/segment-projection.js';

export interface Point {
  lat: number;
  lon: number;
}

export function distanceMeters(a: Point, b: Point): number {
  return haversineMeters(a.lat, a.lon, b.lat, b.lon);
}

export interface Projection extends Point {
  distance: number;
}

/** The point of a polyline nearest to `point`. */
export function projectOntoLine(point: Point, line: ArrayLike<number>): Projection {
  let best: Projection = { lat: line[0]!, lon: line[1]!, distance: line.length < 4 ? distanceMeters(point, { lat: line[0]!, lon: line[1]! }) : Infinity };
  for (let i = 0; i + 3 < line.length; i += 2) {
    const aLat = line[i]!, aLon = line[i + 1]!, bLat = line[i + 2]!, bLon = line[i + 3]!;
    const { t, distanceMeters: distance } = projectOntoSegment(point.lat, point.lon, aLat, aLon, bLat, bLon);
    if (distance < best.distance) best = { lat: aLat + t * (bLat - aLat), lon: aLon + t * (bLon - aLon), distance };
  }
  return best;
}

/** Area-weighted centroid of a closed ring; the mean of its vertices when the ring has no area. */
export function ringCentroid(ring: ArrayLike<number>): Point {
  let area = 0, lat = 0, lon = 0, meanLat = 0, meanLon = 0;
  const vertices = ring.length / 2;
  for (let i = 0; i < ring.length; i += 2) {
    const j = (i + 2) % ring.length;
    const cross = ring[i + 1]! * ring[j]! - ring[j + 1]! * ring[i]!;
    area += cross;
    lon += (ring[i + 1]! + ring[j + 1]!) * cross;
    lat += (ring[i]! + ring[j]!) * cross;
    meanLat += ring[i]!;
    meanLon += ring[i + 1]!;
  }
  if (Math.abs(area) < 1e-14) return { lat: meanLat / vertices, lon: meanLon / vertices };
  return { lat: lat / (3 * area), lon: lon / (3 * area) };
}

/** Ray casting; the ring may or may not repeat its first vertex. */
export function ringContains(ring: ArrayLike<number>, point: Point): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2) {
    const iLat = ring[i]!, iLon = ring[i + 1]!, jLat = ring[j]!, jLon = ring[j + 1]!;
    if (iLat > point.lat !== jLat > point.lat && point.lon < ((jLon - iLon) * (point.lat - iLat)) / (jLat - iLat) + iLon) {
      inside = !inside;
    }
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
