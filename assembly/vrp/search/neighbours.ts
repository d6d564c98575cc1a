// Granular neighbourhoods (Vidal 2022): each job's nearest jobs by a proximity that adds to the travel time
// the waiting and lateness a visit of one right after the other would cause (class 0, first windows). The
// local search only tries moves that join a job to one of its neighbours; ruins start strings from them.
import { jobPlace, jobTimeOnSiteOf, jobWindowCountOf, jobWindowEnd, jobWindowStart, legDuration } from '../problem';
import { allocF64, allocI32, geti, getf, seti, setf } from './memory';
import { jobs } from './search-problem';

export let neighbourCount: i32 = 0;
let neighbourList: usize = 0;   // i32[job * neighbourCount + k]: k-th nearest job
let distanceList: usize = 0;    // f64[same]: its proximity

const WAITING_WEIGHT: f64 = 0.2;
const LATENESS_WEIGHT: f64 = 1.0;

function travel(from: i32, to: i32): f64 {
  const seconds = legDuration(0, jobPlace(from), jobPlace(to), 0);
  return seconds < 0 ? 1e12 : seconds;
}

function windowStart(job: i32): f64 { return jobWindowCountOf(job) > 0 ? jobWindowStart(job, 0) : -1e12; }
function windowEnd(job: i32): f64 { return jobWindowCountOf(job) > 0 ? jobWindowEnd(job, 0) : 1e12; }

/** How well `to` follows `from` on a route. */
function directedProximity(from: i32, to: i32): f64 {
  const seconds = travel(from, to);
  const earliestArrival = windowStart(from) + jobTimeOnSiteOf(from) + seconds;
  const latestArrival = windowEnd(from) + jobTimeOnSiteOf(from) + seconds;
  const waiting = Math.max(windowStart(to) - latestArrival, 0);
  const lateness = Math.max(earliestArrival - windowEnd(to), 0);
  return seconds + WAITING_WEIGHT * waiting + LATENESS_WEIGHT * lateness;
}

function proximity(a: i32, b: i32): f64 {
  return Math.min(directedProximity(a, b), directedProximity(b, a));
}

export function bindNeighbours(wanted: i32): void {
  neighbourCount = min(wanted, jobs - 1);
  neighbourList = allocI32(jobs * max(neighbourCount, 1));
  distanceList = allocF64(jobs * max(neighbourCount, 1));
  for (let job = 0; job < jobs; job++) {
    const base = job * neighbourCount;
    let filled = 0;
    for (let other = 0; other < jobs; other++) {
      if (other == job) continue;
      const value = proximity(job, other);
      if (filled == neighbourCount && value >= getf(distanceList, base + filled - 1)) continue;
      let at = filled < neighbourCount ? filled++ : filled - 1;
      while (at > 0 && getf(distanceList, base + at - 1) > value) {
        setf(distanceList, base + at, getf(distanceList, base + at - 1));
        seti(neighbourList, base + at, geti(neighbourList, base + at - 1));
        at--;
      }
      setf(distanceList, base + at, value);
      seti(neighbourList, base + at, other);
    }
  }
}

@inline export function neighbourOf(job: i32, k: i32): i32 {
  return geti(neighbourList, job * neighbourCount + k);
}
