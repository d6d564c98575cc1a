// Sequence keeps every job on the route it was given on. The search records each job's home route once the
// given routes are loaded; recreate then puts a removed job back on its home route only, wherever it costs
// least, and the annealing keeps no plan that leaves a job out.
import { allocI32, geti, seti } from './memory';
import { jobs } from './search-problem';
import { routeOf } from './state';

export let keepRoutes: bool = false;
let homes: usize = 0;   // i32[job]: the route it was given on, −1 for none

/** Call once the given routes are loaded. */
export function bindHomeRoutes(keep: bool): void {
  keepRoutes = keep;
  homes = allocI32(jobs);
  for (let job = 0; job < jobs; job++) seti(homes, job, routeOf(job));
}

@inline export function homeRouteOf(job: i32): i32 {
  return geti(homes, job);
}
