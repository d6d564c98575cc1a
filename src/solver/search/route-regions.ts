/**
 * Cooperating searches of a large plan split its routes between them (decomposition, as Santini, Schneider,
 * Vidal and Vigo 2023 use it for large instances): each search works on the routes of its own region, the
 * others' frozen (assembly/vrp/search/frozen-routes.ts), so their gains add up instead of being found twice,
 * and each iteration's recreate scans only its own routes. Regions are sectors of the routes' centres around
 * the jobs' centre, turned at every exchange point so that no border stays where it was; the plans are then
 * joined route by route (docs/vrp.md, *Several threads*).
 */
import type { LatLon } from '../../conventions/latlon.js';

/** A plan's routes: job indices, and −(place + 1) for depot visits. */
export type RouteOrder = readonly (readonly number[])[];

/**
 * Fewer used routes than this per region and the plan is not split: a ruin cuts strings from a few routes
 * near its seed, and a region must hold those around most seeds.
 */
export const LEAST_ROUTES_PER_REGION = 20;
/** The turn of the sectors from one exchange point to the next, a share of a circle (the golden ratio's). */
const SECTOR_TURN = 0.6180339887498949;

export class RouteRegions {
  readonly #x: Float64Array;
  readonly #y: Float64Array;
  readonly #centre: { x: number; y: number };

  /** `jobPoints`: where each job is, by job index. */
  constructor(jobPoints: readonly LatLon[], readonly leastRoutesPerRegion = LEAST_ROUTES_PER_REGION) {
    const meanLat = jobPoints.reduce((sum, point) => sum + point.lat, 0) / Math.max(jobPoints.length, 1);
    const shrink = Math.cos(meanLat * Math.PI / 180);
    this.#x = Float64Array.from(jobPoints, (point) => point.lon * shrink);
    this.#y = Float64Array.from(jobPoints, (point) => point.lat);
    this.#centre = { x: mean(this.#x), y: mean(this.#y) };
  }

  get jobCount(): number {
    return this.#x.length;
  }

  /**
   * The region (0 to `regions` − 1) of each route for the interval after exchange point `point`, or null when
   * the plan should not be split: fewer than two regions, too few used routes, or jobs left out (each search
   * would try to put them in).
   */
  split(order: RouteOrder, regions: number, point: number): Int32Array | null {
    if (regions < 2 || jobsIn(order) !== this.jobCount) return null;
    const used = order.flatMap((route, index) => (route.some(isJob) ? [{ index, angle: this.#angleOf(route) }] : []));
    if (used.length < regions * this.leastRoutesPerRegion) return null;
    used.sort((a, b) => a.angle - b.angle || a.index - b.index);
    const start = Math.floor(((point * SECTOR_TURN) % 1) * used.length);
    const regionOf = new Int32Array(order.length);
    used.forEach((_, k) => { regionOf[used[(start + k) % used.length]!.index] = Math.floor(k * regions / used.length); });
    // Empty routes are shared out in turn: a search may open one only in its own region.
    let empty = 0;
    order.forEach((route, index) => { if (!route.some(isJob)) regionOf[index] = empty++ % regions; });
    return regionOf;
  }

  #angleOf(route: readonly number[]): number {
    const jobs = route.filter(isJob);
    const x = jobs.reduce((sum, job) => sum + this.#x[job]!, 0) / jobs.length;
    const y = jobs.reduce((sum, job) => sum + this.#y[job]!, 0) / jobs.length;
    return Math.atan2(y - this.#centre.y, x - this.#centre.x);
  }
}

/**
 * The plan whose route r is the one `plans[regionOf[r]]` holds (the region's search's plan), or `base`'s when
 * that search gave none; null unless every job of `base` is on exactly one route of it, as it must be when
 * each search changed only its own routes.
 */
export function joinByRegion(regionOf: Int32Array, plans: readonly (RouteOrder | undefined)[], base: RouteOrder): number[][] | null {
  const joined = base.map((route, index) => [...(plans[regionOf[index]!]?.[index] ?? route)]);
  const seen = new Set<number>();
  for (const job of joined.flat()) {
    if (!isJob(job)) continue;
    if (seen.has(job)) return null;
    seen.add(job);
  }
  return seen.size === jobsIn(base) ? joined : null;
}

function isJob(visit: number): boolean {
  return visit >= 0;
}

function jobsIn(order: RouteOrder): number {
  return order.reduce((count, route) => count + route.filter(isJob).length, 0);
}

function mean(values: Float64Array): number {
  return values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);
}
