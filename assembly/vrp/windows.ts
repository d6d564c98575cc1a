// When service can start at a job for a vehicle ready at `ready`: in the first window that has not ended yet
// (waiting for its start is idle time); after every window has ended, at once, late. Windows are wall-clock
// times, read on the clock of the route being timed (route-clock.ts).
import { jobWindowCountOf, jobWindowEnd, jobWindowStart } from './problem';
import { elapsedOfWall } from './route-clock';

let measuredWindowEnd: f64 = Infinity;

/** The end of the window the last `serviceStart` measured against (+Infinity for a job without windows). */
export function windowEndOfLastService(): f64 {
  return measuredWindowEnd;
}

export function serviceStart(job: i32, ready: f64): f64 {
  const windows = jobWindowCountOf(job);
  measuredWindowEnd = Infinity;
  for (let window = 0; window < windows; window++) {
    measuredWindowEnd = elapsedOfWall(jobWindowEnd(job, window));
    if (ready <= measuredWindowEnd) return Math.max(ready, elapsedOfWall(jobWindowStart(job, window)));
  }
  return ready;
}
