// Route elimination: a used route with few jobs is emptied and closed while the others absorb its jobs.
// Minimising the fleet, the attempt is a small search of its own (after Nagata and Bräysy's ejection pool):
// every empty route is closed too, so a job that fits nowhere stays out, and the search cuts strings around one
// of the jobs left out and recreates, up to ELIMINATION_REPAIRS times, the jobs most often left out put back
// first; in exact mode, when one or two jobs are still left out, the squeeze (squeeze.ts) may then place them,
// late or overloaded, and search back to feasibility. What still fits nowhere then may open a route, and the
// acceptance judges the plan as any other (a squeeze that fails leaves it infeasible, so refused).
import { allocF64, allocI32, getf, geti, setf, seti } from './memory';
import { isFrozen } from './frozen-routes';
import { below, uniform } from './random';
import { recreate } from './recreate';
import { ruin, ruinNear } from './ruin';
import { squeeze, squeezeApplies } from './squeeze';
import { jobs, routes } from './search-problem';
import { attachRoute, detachRoute, isClosed, isReload, jobListOf, lengthOf, routeOf, setClosed, unroutedCount } from './state';

/** Cuts and recreates around a job left out before an elimination gives up. */
const ELIMINATION_REPAIRS: i32 = 10;
/** The squeeze is tried with at most this many jobs left out: with more it seldom ends feasible. */
const SQUEEZED_AT_MOST: i32 = 2;
/**
 * A squeeze costs about a hundred iterations and mostly fails where the fleet is already at its least, so
 * eliminations earn squeezes at this rate, banked up to SQUEEZES_BANKED.
 */
const SQUEEZES_PER_ELIMINATION: f64 = 0.02;
const SQUEEZES_BANKED: f64 = 5;

/** f64[job]: how often the job was left out by an elimination (the ejection pool's weights too). */
export let absences: usize = 0;
let closedNow: usize = 0;    // i32[route]: the routes this attempt closed
let closedCount: i32 = 0;
let squeezesEarned: f64 = 0;

export function bindRouteElimination(): void {
  absences = allocF64(jobs);
  closedNow = allocI32(routes);
  squeezesEarned = 1;
}

/** A used route not frozen, the fewer jobs the likelier; -1 when there is none. */
export function chooseRoute(): i32 {
  let chosen = -1;
  let smallest = Infinity;
  for (let route = 0; route < routes; route++) {
    const length = lengthOf(route);
    if (length == 0 || isFrozen(route)) continue;
    const score = <f64>length * (0.5 + uniform());
    if (score < smallest) { smallest = score; chosen = route; }
  }
  return chosen;
}

function close(route: i32): void {
  setClosed(route, true);
  seti(closedNow, closedCount++, route);
}

/** Closes every empty route: a job that fits nowhere then stays out rather than opening one. */
export function closeEmptyRoutes(): void {
  for (let route = 0; route < routes; route++) if (lengthOf(route) == 0 && !isClosed(route)) close(route);
}

export function reopenAll(): void {
  for (let index = 0; index < closedCount; index++) setClosed(geti(closedNow, index), false);
  closedCount = 0;
}

/** Counts an absence for every job left out; returns one of them at random (-1 when none). */
function noteAbsences(): i32 {
  let picked = -1;
  let seen = 0;
  for (let job = 0; job < jobs; job++) {
    if (routeOf(job) >= 0) continue;
    setf(absences, job, getf(absences, job) + 1);
    if (below(++seen) == 0) picked = job;
  }
  return picked;
}

/**
 * Empties a route with few jobs and recreates without it. Minimising the fleet, room is made where one of its
 * jobs would go, then around the jobs left out, then the squeeze's local search (in `mode`) may place the last
 * ones. Otherwise emptying a route is only a perturbation: made to succeed more often, it pulls a distance
 * search toward fewer, longer routes (RC1 at 5 s: 0.8 % above the best-known distance instead of 0.4 %).
 */
export function eliminateRoute(minimizeFleet: bool, mode: i32): void {
  const chosen = chooseRoute();
  if (chosen < 0) return;
  const outBefore = unroutedCount;
  const list = jobListOf(chosen);
  const stranded = minimizeFleet ? load<i32>(list + (<usize>below(lengthOf(chosen)) << 2)) : -1;
  detachRoute(chosen);
  attachRoute(chosen, list, 0);
  close(chosen);
  if (!minimizeFleet) {
    ruin();
    recreate(0);
    reopenAll();
    return;
  }
  closeEmptyRoutes();
  if (stranded >= 0 && !isReload(stranded) && jobs > unroutedCount) ruinNear(stranded);
  else ruin();
  recreate(absences);
  for (let attempt = 0; attempt < ELIMINATION_REPAIRS && unroutedCount > outBefore && jobs > unroutedCount; attempt++) {
    ruinNear(noteAbsences());
    recreate(absences);
  }
  squeezesEarned = Math.min(squeezesEarned + SQUEEZES_PER_ELIMINATION, SQUEEZES_BANKED);
  const leftOut = unroutedCount - outBefore;
  if (leftOut > 0 && leftOut <= SQUEEZED_AT_MOST && squeezesEarned >= 1 && jobs > unroutedCount && squeezeApplies()) {
    squeezesEarned -= 1;
    squeeze(absences, mode, outBefore);
  }
  reopenAll();
  if (unroutedCount > outBefore) recreate(0);
}
