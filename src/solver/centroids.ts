/**
 * POST /v1/centroids (docs/api.md, Dispatching): one centroid per driver, near the jobs that driver may
 * take. Jobs several drivers may take are split by a capacity-balanced k-means on travel time: seeded by the
 * given `driver.centroid`s (else spread out over each driver's jobs), assign (balanced-assignment.ts), move each
 * centroid to the dense centre of its territory (dense-center.ts), until the assignment no longer changes.
 * The centroids round-trip into build as `driver.centroid`.
 */
import { formatLatLon, type LatLon } from '../conventions/latlon.js';
import { haversineMeters } from '../map/geo.js';
import { defineOperation } from '../operations/define-operation.js';
import { routedPlaces } from '../problem/routed-places.js';
import type { Job, Problem } from '../problem/model.js';
import { withCustom } from '../problem/response/custom-echo.js';
import { problemSchema } from '../problem/schema/problem.js';
import { assignableDrivers } from './centroids/assignable-drivers.js';
import { balancedAssignment } from './centroids/balanced-assignment.js';
import { readCentroidsRequest } from './centroids/centroids-request.js';
import { travelTimesOf } from './centroids/centroid-travel-times.js';
import { denseCenter } from './centroids/dense-center.js';
import { centroidsResponseSchema } from './dispatch/response-schemas.js';

const MAX_ROUNDS = 12;

function pointOf(job: Job): LatLon {
  return job.location.point;
}

/** Given centroids, then for each other driver its job farthest from every centroid chosen so far. */
function seeds(problem: Problem, assignable: readonly (readonly number[])[]): (LatLon | undefined)[] {
  const centroids: (LatLon | undefined)[] = problem.drivers.map((driver) => driver.centroid);
  const jobsOf = problem.drivers.map((_, driver) => problem.jobs.filter((job) => assignable[job.index]!.includes(driver)));
  problem.drivers.forEach((_, driver) => {
    const jobs = jobsOf[driver]!;
    if (centroids[driver] || jobs.length === 0) return;
    const chosen = centroids.filter((centroid): centroid is LatLon => centroid !== undefined);
    if (chosen.length === 0) {
      centroids[driver] = denseCenter(jobs.map(pointOf));
      return;
    }
    const remoteness = (job: Job) => Math.min(...chosen.map((centroid) => haversineMeters(centroid.lat, centroid.lon, pointOf(job).lat, pointOf(job).lon)));
    centroids[driver] = pointOf(jobs.reduce((best, job) => (remoteness(job) > remoteness(best) ? job : best)));
  });
  return centroids;
}

function sameAssignment(a: Int32Array | undefined, b: Int32Array): boolean {
  return a !== undefined && a.every((driver, job) => driver === b[job]);
}

async function driverCentroids(problem: Problem, signal: AbortSignal): Promise<(LatLon | undefined)[]> {
  const assignable = assignableDrivers(problem);
  const centroids = seeds(problem, assignable);
  if (problem.jobs.length === 0) return centroids;
  const travelTimes = travelTimesOf(problem, problem.jobs);
  const fallback = pointOf(problem.jobs[0]!);
  let owner: Int32Array | undefined;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    signal.throwIfAborted();
    const times = await travelTimes(centroids.map((centroid) => centroid ?? fallback));
    const next = balancedAssignment({ assignable, driverCount: problem.drivers.length, times });
    if (sameAssignment(owner, next)) break;
    owner = next;
    problem.drivers.forEach((_, driver) => {
      const points = problem.jobs.filter((job) => next[job.index] === driver).map(pointOf);
      if (points.length > 0) centroids[driver] = denseCenter(points);
    });
  }
  return centroids;
}

export const operation = defineOperation({
  name: 'centroids',
  kind: 'task',
  requestSchema: problemSchema,
  responseSchema: centroidsResponseSchema,
  read: readCentroidsRequest,
  locations: routedPlaces,
  compute: (problem, context) => driverCentroids(problem, context.signal),
  present(centroids, problem) {
    const drivers = problem.drivers.map((driver, index) => {
      const centroid = centroids[index];
      return centroid ? { id: driver.id, centroid: formatLatLon(centroid) } : { id: driver.id };
    });
    return withCustom(problem, { drivers });
  },
});
