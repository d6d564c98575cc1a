/**
 * A plane tangent to the sphere at an origin near the geometry, in metres (east, north).
 *
 * Why: a formula on absolute degrees (the shoelace centroid Σ (lonᵢ latⱼ − lonⱼ latᵢ)) multiplies numbers of
 * the size of the coordinates (lat × lon ≈ 3,000 in Baltimore) and must cancel them down to a building's area
 * (≈ 1e-9 square degrees); a double keeps about 16 significant digits, so the result keeps almost none and a
 * centroid lands 100 m off. Here every coordinate is first made a small difference from the origin (exact to
 * the last bit of a double: 1e-7 m), and only those differences are multiplied. The tangent plane itself is
 * exact to (d / R)² — under a millimetre across 10 km — at every latitude up to the poles, where an
 * equirectangular frame (x = R cos φ₀ Δλ) would be off by tan φ · Δφ (8 cm across 300 m at 80°). Longitude
 * differences are wrapped, so geometry across the antimeridian stays in one piece.
 */
import { EARTH_RADIUS_M, RAD, wrapLongitude, type Point } from './point.js';

export class LocalFrame {
  private readonly sinLat0: number;
  private readonly cosLat0: number;

  constructor(readonly origin: Point) {
    this.sinLat0 = Math.sin(origin.lat * RAD);
    this.cosLat0 = Math.cos(origin.lat * RAD);
  }

  /** Metres east of the origin (orthographic projection, written to avoid cancellation). */
  east(lat: number, lon: number): number {
    return EARTH_RADIUS_M * Math.cos(lat * RAD) * Math.sin(wrapLongitude(lon - this.origin.lon) * RAD);
  }

  /** Metres north of the origin: sin(Δφ) plus the convergence of meridians, both from differences. */
  north(lat: number, lon: number): number {
    const dLat = (lat - this.origin.lat) * RAD, dLon = wrapLongitude(lon - this.origin.lon) * RAD;
    return EARTH_RADIUS_M * (Math.sin(dLat) + 2 * this.sinLat0 * Math.cos(lat * RAD) * Math.sin(dLon / 2) ** 2);
  }

  /** The point of the sphere at (east, north) metres, back in degrees. */
  toDegrees(east: number, north: number): Point {
    const e = east / EARTH_RADIUS_M, n = north / EARTH_RADIUS_M;
    const up = Math.sqrt(Math.max(0, 1 - e * e - n * n));
    // In a frame turned so that the origin's meridian is longitude 0: x towards it, y east, z north pole.
    const x = up * this.cosLat0 - n * this.sinLat0;
    const z = up * this.sinLat0 + n * this.cosLat0;
    return { lat: Math.atan2(z, Math.hypot(x, e)) / RAD, lon: wrapLongitude(this.origin.lon + Math.atan2(e, x) / RAD) };
  }

  /** Flat [lat, lon, …] as flat [east, north, …] metres. */
  project(flat: ArrayLike<number>): Float64Array {
    const metres = new Float64Array(flat.length);
    for (let i = 0; i + 1 < flat.length; i += 2) {
      metres[i] = this.east(flat[i]!, flat[i + 1]!);
      metres[i + 1] = this.north(flat[i]!, flat[i + 1]!);
    }
    return metres;
  }
}

/** The frame at the first point of flat [lat, lon, …] coordinates: near every point of a building or a street. */
export function frameAtStart(flat: ArrayLike<number>): LocalFrame {
  return new LocalFrame({ lat: flat[0]!, lon: flat[1]! });
}
