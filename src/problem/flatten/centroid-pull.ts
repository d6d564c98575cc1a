/**
 * `driver.centroid` as a soft pull (docs/api.md, Dispatching: a centroid passed to a later build): each
 * job on a route whose driver has a centroid adds CENTROID_PULL_PER_KM per straight-line kilometre between the
 * job and that centroid to the route's internal_cost. At 0.1 it is about a third of what driving a kilometre
 * costs with the default rates, so it settles close calls toward the driver's area without outweighing a
 * real detour; evaluate prices it exactly as the search does.
 */
import { haversineMeters } from '../../map/geo.js';
import type { Problem } from '../model.js';

const CENTROID_PULL_PER_KM = 0.1;

/** f64[job × routes + route]; empty when no route's driver has a centroid. */
export function centroidPulls(problem: Problem): Float64Array {
  const routes = problem.routes;
  if (!routes.some((route) => route.driver?.centroid)) return new Float64Array(0);
  const pulls = new Float64Array(problem.jobs.length * routes.length);
  for (const job of problem.jobs) {
    const { lat, lon } = job.location.point;
    routes.forEach((route, index) => {
      const centroid = route.driver?.centroid;
      if (!centroid) return;
      const kilometres = haversineMeters(lat, lon, centroid.lat, centroid.lon) / 1000;
      pulls[job.index * routes.length + index] = CENTROID_PULL_PER_KM * kilometres;
    });
  }
  return pulls;
}
