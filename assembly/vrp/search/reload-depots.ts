// Where a job's reloads are tried: the few depots nearest to it (class 0 travel there and back) among those
// that can serve it, so that an insertion stays cheap when a problem declares many depots.
import { depotProvides, jobLoad, jobPlace, legDuration, loadMetrics } from '../problem';
import { allocF64, allocI32, getf, geti, setf, seti } from './memory';
import { depotPlaceCount, depotPlaces, jobs } from './search-problem';

const NEAREST_DEPOTS: i32 = 4;

export let depotsPerJob: i32 = 0;
let nearest: usize = 0;    // i32[job * depotsPerJob + k]: k-th nearest depot place, -1 past the last
let distances: usize = 0;  // f64[depotsPerJob]: scratch while sorting

export function needsDepot(job: i32, post: bool): bool {
  return !depotProvides(-1, job, post);
}

/** A reload before the job must have its pre attributes; one after it serves its post attributes or pickups. */
export function reloadServes(job: i32, place: i32, after: bool): bool {
  if (!after) return depotProvides(place, job, false);
  let picksUp = false;
  for (let metric = 0; metric < loadMetrics; metric++) if (jobLoad(job, metric) < 0) picksUp = true;
  return (picksUp || needsDepot(job, true)) && depotProvides(place, job, true);
}

function roundTrip(job: i32, place: i32): f64 {
  const there = legDuration(0, place, jobPlace(job), 0), back = legDuration(0, jobPlace(job), place, 0);
  return there < 0 || back < 0 ? Infinity : there + back;
}

export function bindReloadDepots(): void {
  depotsPerJob = min(NEAREST_DEPOTS, depotPlaceCount);
  nearest = allocI32(jobs * depotsPerJob);
  distances = allocF64(depotsPerJob);
  for (let job = 0; job < jobs; job++) {
    const base = job * depotsPerJob;
    let filled = 0;
    for (let index = 0; index < depotPlaceCount; index++) {
      const place = geti(depotPlaces, index);
      if (!reloadServes(job, place, false) && !reloadServes(job, place, true)) continue;
      const value = roundTrip(job, place);
      if (filled == depotsPerJob && value >= getf(distances, filled - 1)) continue;
      let at = filled < depotsPerJob ? filled++ : filled - 1;
      while (at > 0 && getf(distances, at - 1) > value) {
        setf(distances, at, getf(distances, at - 1));
        seti(nearest, base + at, geti(nearest, base + at - 1));
        at--;
      }
      setf(distances, at, value);
      seti(nearest, base + at, place);
    }
    for (let k = filled; k < depotsPerJob; k++) seti(nearest, base + k, -1);
  }
}

/** The k-th nearest depot that can serve the job's reloads; -1 when there are fewer. */
@inline export function reloadDepotOf(job: i32, k: i32): i32 {
  return geti(nearest, job * depotsPerJob + k);
}
