/**
 * Seeded planning problems on a plane: places are markers at random points (so `settings.matrix` is in marker
 * order), travel is straight-line (1 m per unit, 10 m/s), routes start and end at their own depot marker.
 */
import { seededRandom } from '../../src/common/seeded-random.js';
export type Json = Record<string, any>;

export { seededRandom };

export interface PlanePlan {
  markers: Json[];
  settings: Json;
  /** Job objects with ids `j0`, `j1`…; each references marker `m<k>`. */
  jobs: Json[];
}

/** `placeCount` markers m0…; the first `depots` are depots d0… (markers too). */
export function planePlaces(seed: number, placeCount: number): PlanePlan {
  const random = seededRandom(seed);
  const points = Array.from({ length: placeCount }, () => [random() * 5000, random() * 5000] as const);
  const markers = points.map(([x, y], index) => ({ id: `m${index}`, location: `${(y / 111000).toFixed(6)},${(x / 111000).toFixed(6)}` }));
  const distance = (a: number, b: number) => Math.hypot(points[a]![0] - points[b]![0], points[a]![1] - points[b]![1]);
  const distances = points.map((_, from) => points.map((__, to) => Math.round(distance(from, to))));
  const durations = distances.map((row) => row.map((metres) => metres / 10));
  return { markers, settings: { matrix: { durations, distances } }, jobs: [] };
}

/** A plan of `routeCount` routes with `jobsPerRoute` jobs each (on markers after the depots), plus `spare` jobs on no route. */
export function planeProblem(seed: number, routeCount: number, jobsPerRoute: number, spare = 0): { body: Json; spareJobs: Json[] } {
  const jobCount = routeCount * jobsPerRoute + spare;
  const { markers, settings } = planePlaces(seed, routeCount + jobCount);
  const jobs = Array.from({ length: jobCount }, (_, index) => ({ id: `j${index}`, location: `m${routeCount + index}`, time_on_site: '00:05' }));
  const routes = Array.from({ length: routeCount }, (_, route) => ({
    id: `r${route}`,
    location: `m${route}`,
    jobs: jobs.slice(route * jobsPerRoute, (route + 1) * jobsPerRoute).map((job) => job.id),
  }));
  const routed = jobs.slice(0, routeCount * jobsPerRoute);
  return { body: { markers, jobs: routed, routes, settings }, spareJobs: jobs.slice(routeCount * jobsPerRoute) };
}
