// What the search knows about the bound problem beyond the timing kernel's view (problem.ts): which routes a
// job may go on, what leaving it unrouted costs, whether segment summaries price routes exactly, where
// candidate routes are written for the full timing scan when they do not, and which depots reloads may use.
//
// Route lists hold codes: a code below `jobs` is a job; codes from `jobs` to `codes` are reload slots, each a
// depot visit at the place state.ts gives it while the slot is on a route.
import {
  H_CLASS_SLOTS, H_ROUTE_BREAK_COUNT, H_ROUTE_VISIT_COUNT, H_ROUTE_VISIT_START, H_VISIT_FAULTS, H_VISITS, RP_CLOCK_CHANGE, RP_START_TIME,
} from '../layout';
import { windowsAreHard } from '../penalties';
import {
  anyUnsafePlace, attributeWords, centroidPulls, classCount, depotProvides, jobCount, jobWindowCountOf, legalBreaks, routeCount,
  routeStartPlaceOf, jobPlace, legDuration, routeParameter,
} from '../problem';
import { allocI32, geti, getf, seti } from './memory';

/** Penalty of one unrouted job per unit of priority (docs/api.md, Costs). */
const UNROUTED_PENALTY: f64 = 100000;

export let jobs: i32 = 0;
export let routes: i32 = 0;
/** Jobs and reload slots: the codes a route list may hold. */
export let codes: i32 = 0;
/** i32[]: places (is_depot markers) where the search may insert a reload. */
export let depotPlaces: usize = 0;
export let depotPlaceCount: i32 = 0;
/** u8[code * routes + route]: 1 when the job may go on the route (attributes, drivers, dates); reloads go anywhere. */
let allowedMatrix: usize = 0;
/** f64[job]: priority (1 when not given). */
let priorities: usize = 0;
/** True when some job may not go on some route, so moves between routes check each moved job. */
export let restricted: bool = false;
/** True when segment summaries price every route exactly (segment.ts): the O(1) move checks apply. */
export let exact: bool = true;

// The bound problem's visit arrays, written by candidate routes that need the full timing scan.
export let visitCodes: usize = 0;
export let visitFaultBits: usize = 0;
let routeVisitStarts: usize = 0;
let routeVisitCounts: usize = 0;
/** First index of the scratch part of the visit arrays (room for every code once). */
export let scratchVisit: i32 = 0;
/** i32[code]: the code as the bound problem's visits write it: the job, or −(place + 1) for a reload slot. */
export let codeVisits: usize = 0;

@inline function headerAddress(header: usize, slot: i32): usize {
  return <usize>load<f64>(header + (<usize>slot << 3));
}

/**
 * Segment summaries are exact without second windows, breaks, depot needs, traffic slots, soft windows, unsafe
 * places (segments count unreachable legs only), centroid pulls or a day the clocks change (a summary does not
 * know its route, whose clock its windows would be read on).
 */
function segmentsExact(header: usize): bool {
  const slots = headerAddress(header, H_CLASS_SLOTS);
  if (legalBreaks || centroidPulls || anyUnsafePlace || !windowsAreHard()) return false;
  for (let travelClass = 0; travelClass < classCount; travelClass++) if (geti(slots, travelClass) != 1) return false;
  const breakCounts = headerAddress(header, H_ROUTE_BREAK_COUNT);
  for (let route = 0; route < routeCount; route++) {
    if (geti(breakCounts, route) > 0 || routeParameter(route, RP_CLOCK_CHANGE) < Infinity) return false;
  }
  for (let job = 0; job < jobCount; job++) {
    if (jobWindowCountOf(job) > 1) return false;
    if (attributeWords > 0 && (!depotProvides(-1, job, false) || !depotProvides(-1, job, true))) return false;
  }
  return true;
}

/** `allowed` covers the jobs; the reload slots after them may go on every route. */
function allowedWithReloads(allowed: usize): usize {
  if (codes == jobs) return allowed;
  const matrix = __alloc(<usize>(codes * routes));
  memory.copy(matrix, allowed, <usize>(jobs * routes));
  memory.fill(matrix + <usize>(jobs * routes), 1, <usize>((codes - jobs) * routes));
  return matrix;
}

export function bindSearchProblem(header: usize, allowed: usize, priority: usize, scratch: i32, depots: usize,
                                  depotCount: i32, reloadSlots: i32): void {
  jobs = jobCount;
  routes = routeCount;
  codes = jobs + reloadSlots;
  depotPlaces = depots;
  depotPlaceCount = depotCount;
  allowedMatrix = allowedWithReloads(allowed);
  priorities = priority;
  codeVisits = allocI32(codes);
  for (let job = 0; job < jobs; job++) seti(codeVisits, job, job);
  scratchVisit = scratch;
  visitCodes = headerAddress(header, H_VISITS);
  visitFaultBits = headerAddress(header, H_VISIT_FAULTS);
  routeVisitStarts = headerAddress(header, H_ROUTE_VISIT_START);
  routeVisitCounts = headerAddress(header, H_ROUTE_VISIT_COUNT);
  restricted = false;
  for (let index = 0; index < jobs * routes; index++) if (load<u8>(allowed + <usize>index) == 0) restricted = true;
  exact = segmentsExact(header);
}

@inline export function allowedOn(job: i32, route: i32): bool {
  return load<u8>(allowedMatrix + <usize>(job * routes + route)) != 0;
}

@inline export function unroutedPenalty(job: i32): f64 {
  return UNROUTED_PENALTY * getf(priorities, job);
}

/** Travel time from the first route's start to the job: how far a job lies out (SISR's "far" order). */
export function remoteness(job: i32): f64 {
  const start = routes > 0 ? routeStartPlaceOf(0) : -1;
  if (start < 0) return 0;
  const seconds = legDuration(0, start, jobPlace(job), routeParameter(0, RP_START_TIME));
  return seconds < 0 ? Infinity : seconds;
}
