/**
 * An independent reference for the geometry module's property tests: points as unit vectors in 3-D, and a
 * gnomonic plane at an origin built from vector products (great circles are straight lines in it). Nothing
 * here shares code or formulas with src/geometry.
 */
import { EARTH_RADIUS_M, type Point } from '../../src/geometry/point.js';

type Vector = [number, number, number];

const rad = Math.PI / 180;
const dot = (a: Vector, b: Vector) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vector, b: Vector): Vector => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const scaled = (a: Vector, k: number): Vector => [a[0] * k, a[1] * k, a[2] * k];
const sum = (...vectors: Vector[]): Vector => vectors.reduce((a, b) => [a[0] + b[0], a[1] + b[1], a[2] + b[2]], [0, 0, 0]);
const unit = (a: Vector): Vector => scaled(a, 1 / Math.hypot(...a));

export function toVector({ lat, lon }: Point): Vector {
  return [Math.cos(lat * rad) * Math.cos(lon * rad), Math.cos(lat * rad) * Math.sin(lon * rad), Math.sin(lat * rad)];
}

export function toPoint(v: Vector): Point {
  return { lat: Math.atan2(v[2], Math.hypot(v[0], v[1])) / rad, lon: Math.atan2(v[1], v[0]) / rad };
}

/** Great-circle distance from the angle between the vectors (atan2 of |a×b| and a·b: precise at any distance). */
export function referenceDistance(a: Point, b: Point): number {
  const va = toVector(a), vb = toVector(b);
  return EARTH_RADIUS_M * Math.atan2(Math.hypot(...cross(va, vb)), dot(va, vb));
}

export class GnomonicPlane {
  private readonly up: Vector;
  private readonly east: Vector;
  private readonly north: Vector;

  constructor(origin: Point) {
    this.up = toVector(origin);
    this.east = unit(cross([0, 0, 1], this.up));
    this.north = cross(this.up, this.east);
  }

  toMetres(point: Point): [number, number] {
    const v = toVector(point);
    const k = EARTH_RADIUS_M / dot(v, this.up);
    return [dot(v, this.east) * k, dot(v, this.north) * k];
  }

  toPoint(x: number, y: number): Point {
    return toPoint(sum(this.up, scaled(this.east, x / EARTH_RADIUS_M), scaled(this.north, y / EARTH_RADIUS_M)));
  }

  /** Bearing of `to` seen from the origin, degrees clockwise from north. */
  bearing(to: Point): number {
    const [x, y] = this.toMetres(to);
    return (Math.atan2(x, y) / rad + 360) % 360;
  }
}
