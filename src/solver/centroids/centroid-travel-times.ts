/**
 * Travel times from each centroid to each job, the distance of the clustering (docs/api.md, Dispatching). On the road
 * network: one many-to-many from the centroids to the jobs per round. With `settings.matrix`: the matrix row
 * of the job nearest to the centroid stands for it, as a matrix knows only its own places.
 */
import type { LatLon } from '../../conventions/latlon.js';
import { haversineMeters } from '../../map/geo.js';
import type { Job, Problem } from '../../problem/model.js';
import { durationSeconds, travelMatrix } from '../../routing/index.js';

/** Row-major centroid × job seconds; Infinity where no path exists. */
export type TravelTimes = (centroids: readonly LatLon[]) => Promise<Float64Array>;

function routedPlace(job: Job): { location: LatLon } {
  return { location: job.location.intersection ?? job.location.point };
}

function nearestJob(jobs: readonly Job[], point: LatLon): Job {
  let best = jobs[0]!;
  let bestMetres = Infinity;
  for (const job of jobs) {
    const metres = haversineMeters(point.lat, point.lon, job.location.point.lat, job.location.point.lon);
    if (metres < bestMetres) [best, bestMetres] = [job, metres];
  }
  return best;
}

function unreachableAsInfinity(seconds: Float64Array): Float64Array {
  return seconds.map((value) => (value < 0 ? Infinity : value));
}

export function travelTimesOf(problem: Problem, jobs: readonly Job[]): TravelTimes {
  const matrix = problem.settings.matrix;
  if (matrix) {
    return async (centroids) => {
      const times = new Float64Array(centroids.length * jobs.length);
      centroids.forEach((centroid, row) => {
        const from = nearestJob(jobs, centroid).location.index;
        jobs.forEach((job, column) => (times[row * jobs.length + column] = matrix.durations[from * matrix.size + job.location.index]!));
      });
      return unreachableAsInfinity(times);
    };
  }
  const destinations = jobs.map(routedPlace);
  return async (centroids) => unreachableAsInfinity(durationSeconds(await travelMatrix(centroids.map((location) => ({ location })), { destinations })));
}
