// Regret insertion (Ropke & Pisinger 2006) to build the first plan: repeatedly place the job whose best
// route is most ahead of its next-best ones (regret-3), higher priorities first. Every job's cheapest
// insertion into every route is kept in a table; placing a job re-prices only its route's column.
import { getf, geti, seti, setf, allocF64, allocI32 } from './memory';
import { bestInsertion, fitsAt, insertAt, insertionAfter, insertionBefore, insertionDelta, insertionPosition } from './insertion';
import { jobs, routes, unroutedPenalty } from './search-problem';
import { routeOf } from './state';

const REGRET_K: i32 = 3;
/** Stands for "no k-th route" in a regret: a job with few options is placed before it loses them. */
const MISSING: f64 = 1e9;

let deltas: usize = 0;     // f64[job * routes + route]: added internal cost of the best insertion
let positions: usize = 0;  // i32[job * routes + route]
let reloadsBefore: usize = 0; // i32[job * routes + route]: the reloads that go with it (insertion.ts)
let reloadsAfter: usize = 0;
let pending: usize = 0;    // i32[]: jobs still to place

/** Outside exact mode the table holds segment estimates (placing checks the chosen place in full). */
function price(job: i32, route: i32): void {
  bestInsertion(job, route, 0, true);
  setf(deltas, job * routes + route, insertionDelta);
  seti(positions, job * routes + route, insertionPosition);
  seti(reloadsBefore, job * routes + route, insertionBefore);
  seti(reloadsAfter, job * routes + route, insertionAfter);
}

/** Regret of a job: sum over the k-1 next-best routes of their extra cost over the best. */
function regretOf(job: i32): f64 {
  let first = Infinity, second = Infinity, third = Infinity;
  for (let route = 0; route < routes; route++) {
    const value = getf(deltas, job * routes + route);
    if (value < first) { third = second; second = first; first = value; }
    else if (value < second) { third = second; second = value; }
    else if (value < third) third = value;
  }
  if (first == Infinity) return -Infinity;
  let regret: f64 = 0;
  regret += second == Infinity ? MISSING : second - first;
  if (REGRET_K > 2) regret += third == Infinity ? MISSING : third - first;
  return regret;
}

function bestRouteOf(job: i32): i32 {
  let best = -1;
  let value = Infinity;
  for (let route = 0; route < routes; route++) {
    const delta = getf(deltas, job * routes + route);
    if (delta < value) { value = delta; best = route; }
  }
  return best;
}

/** Places every unrouted job it can; jobs that fit nowhere stay unrouted. */
export function bindConstruction(): void {
  deltas = allocF64(jobs * routes);
  positions = allocI32(jobs * routes);
  reloadsBefore = allocI32(jobs * routes);
  reloadsAfter = allocI32(jobs * routes);
  pending = allocI32(jobs);
}

export function constructByRegret(): void {
  let count = 0;
  for (let job = 0; job < jobs; job++) {
    if (routeOf(job) >= 0) continue;
    seti(pending, count++, job);
    for (let route = 0; route < routes; route++) price(job, route);
  }
  while (count > 0) {
    let chosen = -1;
    let chosenKey = -Infinity;
    let chosenPriority = -Infinity;
    for (let index = 0; index < count; index++) {
      const job = geti(pending, index);
      const key = regretOf(job);
      const priority = unroutedPenalty(job);
      if (key == -Infinity) continue;
      if (priority > chosenPriority || (priority == chosenPriority && key > chosenKey)) {
        chosen = index; chosenKey = key; chosenPriority = priority;
      }
    }
    if (chosen < 0) break;
    const job = geti(pending, chosen);
    const route = bestRouteOf(job);
    const position = geti(positions, job * routes + route);
    const before = geti(reloadsBefore, job * routes + route), after = geti(reloadsAfter, job * routes + route);
    if (!fitsAt(job, route, position, before, after)) {
      // The estimate was wrong about this route: leave it out for this job and choose again.
      setf(deltas, job * routes + route, Infinity);
      continue;
    }
    seti(pending, chosen, geti(pending, --count));
    insertAt(job, route, position, before, after);
    for (let index = 0; index < count; index++) price(geti(pending, index), route);
  }
}
