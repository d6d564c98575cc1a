/**
 * Plane geometry on small areas: distances in metres, projection of a point onto a polyline, centroids and
 * point-in-polygon. Coordinates are flat arrays [lat0, lon0, lat1, lon1, …] so they serialize compactly.
 */
const earthRadius = 6_371_008.8;
const radians = Math.PI / 180;

export interface Point {
  lat: number;
  lon: number;
}

export function distanceMeters(a: Point, b: Point): number {
  const dLat = (b.lat - a.lat) * radians;
  const dLon = (b.lon - a.lon) * radians;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * radians) * Math.cos(b.lat * radians) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadius * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface Projection extends Point {
  distance: number;
}

/** The point of a polyline nearest to `point`, computed in a local equirectangular plane. */
export function projectOntoLine(point: Point, line: ArrayLike<number>): Projection {
  const scale = Math.cos(point.lat * radians);
  const px = point.lon * scale;
  let bestLat = line[0]!, bestLon = line[1]!;
  let bestSquared = Infinity;
  for (let i = 0; i + 3 < line.length; i += 2) {
    const aLat = line[i]!, ax = line[i + 1]! * scale;
    const dy = line[i + 2]! - aLat, dx = line[i + 3]! * scale - ax;
    const lengthSquared = dx * dx + dy * dy;
    const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (point.lat - aLat) * dy) / lengthSquared));
    const x = ax + t * dx, y = aLat + t * dy;
    const squared = (px - x) ** 2 + (point.lat - y) ** 2;
    if (squared < bestSquared) {
      bestSquared = squared;
      bestLat = y;
      bestLon = x / scale;
    }
  }
  const best = { lat: bestLat, lon: bestLon };
  return { ...best, distance: distanceMeters(point, best) };
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
