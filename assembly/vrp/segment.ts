// Summaries of consecutive visits of a route that concatenate in O(1) (Vidal et al. 2013, adapted to late
// service): given the time T the vehicle reaches the first place, the segment is left at max(T + D, E), and
// no job is served after its window if T ≤ L and the segment is `onTime`. Loads concatenate through
// (deliveries, pickups, peak) triples per metric, with depot visits as reload boundaries.
//
// While the search allows late plans (trackTimeWarp, penalised-price.ts), summaries also carry Vidal et al.'s
// time-warp fields: a late vehicle travels back in time to the window's end and the summary adds up how far
// (the amount a penalty weighs); with waiting allowed, a route has no time warp exactly when it is on time.
//
// The search uses them to price moves without re-timing whole routes. They are exact, against timeRoute,
// for routes whose jobs have at most one time window, without breaks, depot-attribute needs or traffic
// slots; with those, the search re-times the routes it changes with timeRoute.
//
// Layout: f64[SEG_SIZE] per summary.
//   SEG_FIRST_PLACE, SEG_LAST_PLACE  place where the segment starts and ends (−1: a route end without a place,
//                                    legs to and from it take no time)
//   SEG_DURATION     D: driving and time on site, without waiting
//   SEG_EARLIEST     E: the segment is never left before E
//   SEG_LATEST       L: latest arrival at the first place with every window met
//   SEG_ON_TIME      1 when some arrival time meets every window, 0 when lateness is unavoidable
//   SEG_DISTANCE, SEG_DRIVING, SEG_JOBS
//   SEG_FAULTS       stop violations known before timing (attributes, drivers, dates, unsafe legs)
//   SEG_HAS_DEPOT    1 when the segment contains a reload boundary (depot visit or route end)
//   SEG_WARP_DURATION, SEG_WARP_EARLIEST, SEG_WARP_LATEST, SEG_TIME_WARP  Vidal's D, E, L and TW: started at
//                    s ∈ [E, L] at the first place, the segment takes D (waiting included) and warps TW back
//   SEG_LOADS + 7m + {0..2}  deliveries, pickups, peak of the part before the first boundary, metric m
//   SEG_LOADS + 7m + {3..5}  the same for the part after the last boundary
//   SEG_LOADS + 7m + 6       highest load between boundaries inside the segment
import { MAX_METRICS, R_BREAKS_NOT_TAKEN, R_DISTANCE, R_DRIVING, R_END, R_IDLE, R_JOB_COUNT, R_LATENESS, R_PEAK_LOAD, R_START,
  ROUTE_SUMMARY_SIZE, RP_END_TIME, RP_START_TIME, V_NO_SAFE_ROUTE, V_TIME_WINDOW } from './layout';
import { HARD_VIOLATION, stopPenalty, violationCount } from './penalties';
import {
  jobExitPlace, jobExitTimeOnSiteOf, jobLoad, jobPlace, jobTimeOnSiteOf, jobWindowCountOf, jobWindowEnd,
  jobWindowStart, legDistance, legDuration, loadMetrics, routeClassOf, routeEndPlaceOf, routeParameter,
  routeStartPlaceOf, visitAt, visitFaultsAt,
} from './problem';
import { clearSummary, closeRoute, setSummaryField } from './route-limits';
import { countWork } from './work';

export const SEG_FIRST_PLACE: i32 = 0;
export const SEG_LAST_PLACE: i32 = 1;
const SEG_DURATION: i32 = 2;
export const SEG_EARLIEST: i32 = 3;
export const SEG_LATEST: i32 = 4;
export const SEG_ON_TIME: i32 = 5;
const SEG_DISTANCE: i32 = 6;
const SEG_DRIVING: i32 = 7;
const SEG_JOBS: i32 = 8;
export const SEG_FAULTS: i32 = 9;
const SEG_HAS_DEPOT: i32 = 10;
const SEG_WARP_DURATION: i32 = 11;
const SEG_WARP_EARLIEST: i32 = 12;
const SEG_WARP_LATEST: i32 = 13;
const SEG_TIME_WARP: i32 = 14;
const SEG_LOADS: i32 = 15;
/** Load fields per metric (the SEG_LOADS rows above). */
const LOAD_FIELDS: i32 = 7;
export const SEG_SIZE: i32 = SEG_LOADS + LOAD_FIELDS * MAX_METRICS;

/** The first of metric `metric`'s load fields. */
@inline function loadsOf(metric: i32): i32 {
  return SEG_LOADS + LOAD_FIELDS * metric;
}

/**
 * How many leading fields of a summary this problem uses (the loads of its metrics only): a copy of that many
 * is a whole summary to every function here.
 */
export function segmentFieldsUsed(): i32 {
  return loadsOf(loadMetrics);
}

@inline function get(segment: usize, field: i32): f64 {
  return load<f64>(segment + (<usize>field << 3));
}

@inline function set(segment: usize, field: i32, value: f64): void {
  store<f64>(segment + (<usize>field << 3), value);
}

function clear(segment: usize): void {
  memory.fill(segment, 0, <usize>SEG_SIZE << 3);
}

/**
 * Whether `a` is no worse than `b` before any continuation, when both run from the route's start through the
 * same jobs to the same place and neither is late: no later earliest departure, no more distance, driving,
 * faults or load. Duration and latest start need no comparing: from a start at a fixed time, the earliest
 * departure is at least the start plus the duration, so it alone decides when a continuation ends and
 * whether it is late (a continuation is late exactly when it is reached after its latest start).
 */
export function forwardSegmentDominates(a: usize, b: usize): bool {
  if (get(a, SEG_EARLIEST) > get(b, SEG_EARLIEST) || get(a, SEG_DISTANCE) > get(b, SEG_DISTANCE)) return false;
  if (get(a, SEG_DRIVING) > get(b, SEG_DRIVING) || get(a, SEG_FAULTS) > get(b, SEG_FAULTS)) return false;
  for (let metric = 0; metric < loadMetrics; metric++) {
    const base = loadsOf(metric);
    for (let field = base; field < base + LOAD_FIELDS; field++) if (get(a, field) > get(b, field)) return false;
  }
  return true;
}

/** True while summaries keep their time-warp fields up to date (only the penalised search reads them). */
let trackTimeWarp = false;

export function setTimeWarpTracked(tracked: bool): void {
  trackTimeWarp = tracked;
}

/** How far back in time a vehicle travels through the segment, started at its earliest (Vidal's TW). */
export function segmentTimeWarp(segment: usize): f64 {
  return get(segment, SEG_TIME_WARP);
}

function setWarpWindow(segment: usize, duration: f64, earliest: f64, latest: f64): void {
  set(segment, SEG_WARP_DURATION, duration);
  set(segment, SEG_WARP_EARLIEST, earliest);
  set(segment, SEG_WARP_LATEST, latest);
}

/**
 * The part of a segment around a route end or depot visit: no time, no load, a reload boundary. `earliest`
 * bounds when it is left, `warpLatest` when it may be reached without time warp (the route's end time).
 */
function boundary(segment: usize, place: i32, earliest: f64, warpLatest: f64): void {
  clear(segment);
  set(segment, SEG_FIRST_PLACE, <f64>place);
  set(segment, SEG_LAST_PLACE, <f64>place);
  set(segment, SEG_EARLIEST, earliest);
  set(segment, SEG_LATEST, Infinity);
  set(segment, SEG_ON_TIME, 1);
  set(segment, SEG_HAS_DEPOT, 1);
  setWarpWindow(segment, 0, earliest, warpLatest);
}

export function jobSegment(route: i32, job: i32, faults: u32, segment: usize): void {
  clear(segment);
  const travelClass = routeClassOf(route);
  const place = jobPlace(job);
  const exit = jobExitPlace(job);
  let duration = jobTimeOnSiteOf(job);
  let last = place;
  if (exit >= 0) {
    const seconds = legDuration(travelClass, place, exit, 0);
    const metres = legDistance(travelClass, place, exit);
    const unsafe = seconds < 0 || metres < 0;
    if (unsafe) faults |= V_NO_SAFE_ROUTE;
    duration += (unsafe ? 0 : seconds) + jobExitTimeOnSiteOf(job);
    set(segment, SEG_DRIVING, unsafe ? 0 : seconds);
    set(segment, SEG_DISTANCE, unsafe ? 0 : metres);
    last = exit;
  }
  const windows = jobWindowCountOf(job);
  set(segment, SEG_FIRST_PLACE, <f64>place);
  set(segment, SEG_LAST_PLACE, <f64>last);
  set(segment, SEG_DURATION, duration);
  set(segment, SEG_EARLIEST, (windows > 0 ? jobWindowStart(job, 0) : -Infinity) + duration);
  set(segment, SEG_LATEST, windows > 0 ? jobWindowEnd(job, 0) : Infinity);
  set(segment, SEG_ON_TIME, 1);
  setWarpWindow(segment, duration, windows > 0 ? jobWindowStart(job, 0) : -Infinity, windows > 0 ? jobWindowEnd(job, 0) : Infinity);
  set(segment, SEG_JOBS, 1);
  set(segment, SEG_FAULTS, <f64>violationCount(faults));
  for (let metric = 0; metric < loadMetrics; metric++) {
    const amount = jobLoad(job, metric);
    const base = loadsOf(metric);
    set(segment, base, Math.max(amount, 0));
    set(segment, base + 1, Math.max(-amount, 0));
    set(segment, base + 2, Math.abs(amount));
  }
}

/** A depot visit mid-route: a reload boundary at `place`, taking no time. */
export function depotVisitSegment(place: i32, segment: usize): void {
  boundary(segment, place, -Infinity, Infinity);
}

/** Summary of one visit of the bound problem (index into the visit arrays) as part of route `route`. */
export function visitSegment(route: i32, visit: i32, segment: usize): void {
  const code = visitAt(visit);
  if (code >= 0) jobSegment(route, code, visitFaultsAt(visit), segment);
  else depotVisitSegment(-code - 1, segment);
}

/** The route's start (left at its start time) and its end, as segments. */
export function routeStartSegment(route: i32, segment: usize): void {
  boundary(segment, routeStartPlaceOf(route), routeParameter(route, RP_START_TIME), Infinity);
}

export function routeEndSegment(route: i32, segment: usize): void {
  boundary(segment, routeEndPlaceOf(route), -Infinity, routeParameter(route, RP_END_TIME));
}

/** Loads of two parts without a boundary between them, into `out` at `to` (may alias an input). */
function mergeLoads(a: usize, aBase: i32, b: usize, bBase: i32, out: usize, to: i32): void {
  const deliveriesA = get(a, aBase), pickupsA = get(a, aBase + 1), peakA = get(a, aBase + 2);
  const deliveriesB = get(b, bBase), pickupsB = get(b, bBase + 1), peakB = get(b, bBase + 2);
  set(out, to, deliveriesA + deliveriesB);
  set(out, to + 1, pickupsA + pickupsB);
  set(out, to + 2, Math.max(peakA + deliveriesB, pickupsA + peakB));
}

function concatLoads(a: usize, b: usize, out: usize): void {
  const aDepot = get(a, SEG_HAS_DEPOT) != 0;
  const bDepot = get(b, SEG_HAS_DEPOT) != 0;
  for (let metric = 0; metric < loadMetrics; metric++) {
    const base = loadsOf(metric);
    const innerA = get(a, base + 6), innerB = get(b, base + 6);
    if (!aDepot && !bDepot) {
      mergeLoads(a, base, b, base, out, base);
      set(out, base + 6, 0);
    } else if (aDepot && !bDepot) {
      for (let k = 0; k < 3; k++) set(out, base + k, get(a, base + k));
      mergeLoads(a, base + 3, b, base, out, base + 3);
      set(out, base + 6, innerA);
    } else if (!aDepot && bDepot) {
      const sufD = get(b, base + 3), sufP = get(b, base + 4), sufM = get(b, base + 5);
      mergeLoads(a, base, b, base, out, base);
      set(out, base + 3, sufD); set(out, base + 4, sufP); set(out, base + 5, sufM);
      set(out, base + 6, innerB);
    } else {
      const preD = get(a, base), preP = get(a, base + 1), preM = get(a, base + 2);
      mergeLoads(a, base + 3, b, base, out, base + 3);
      const joined = get(out, base + 5);
      const sufD = get(b, base + 3), sufP = get(b, base + 4), sufM = get(b, base + 5);
      set(out, base, preD); set(out, base + 1, preP); set(out, base + 2, preM);
      set(out, base + 3, sufD); set(out, base + 4, sufP); set(out, base + 5, sufM);
      set(out, base + 6, Math.max(Math.max(innerA, innerB), joined));
    }
  }
}

/** `a` then `b` on route `route`, into `out` (which may be `a` or `b`). */
export function concatSegments(route: i32, a: usize, b: usize, out: usize): void {
  countWork();
  const travelClass = routeClassOf(route);
  const from = <i32>get(a, SEG_LAST_PLACE);
  const to = <i32>get(b, SEG_FIRST_PLACE);
  // Legs to or from a route end without a place take no time: the route starts or ends at the job itself.
  const rawSeconds = from < 0 || to < 0 ? 0 : legDuration(travelClass, from, to, 0);
  const rawMetres = from < 0 || to < 0 ? 0 : legDistance(travelClass, from, to);
  const unsafe = rawSeconds < 0 || rawMetres < 0;
  const seconds = unsafe ? 0 : rawSeconds;
  const metres = unsafe ? 0 : rawMetres;
  const durationA = get(a, SEG_DURATION), earliestA = get(a, SEG_EARLIEST), latestA = get(a, SEG_LATEST);
  const durationB = get(b, SEG_DURATION), earliestB = get(b, SEG_EARLIEST), latestB = get(b, SEG_LATEST);
  const onTime = get(a, SEG_ON_TIME) != 0 && get(b, SEG_ON_TIME) != 0 && earliestA + seconds <= latestB;
  const faults = get(a, SEG_FAULTS) + get(b, SEG_FAULTS) + (unsafe ? 1 : 0);
  concatLoads(a, b, out);
  set(out, SEG_FIRST_PLACE, get(a, SEG_FIRST_PLACE));
  set(out, SEG_LAST_PLACE, get(b, SEG_LAST_PLACE));
  set(out, SEG_DURATION, durationA + seconds + durationB);
  set(out, SEG_EARLIEST, Math.max(earliestA + seconds + durationB, earliestB));
  set(out, SEG_LATEST, Math.min(latestA, latestB - durationA - seconds));
  set(out, SEG_ON_TIME, onTime ? 1 : 0);
  set(out, SEG_DISTANCE, get(a, SEG_DISTANCE) + metres + get(b, SEG_DISTANCE));
  set(out, SEG_DRIVING, get(a, SEG_DRIVING) + seconds + get(b, SEG_DRIVING));
  set(out, SEG_JOBS, get(a, SEG_JOBS) + get(b, SEG_JOBS));
  set(out, SEG_FAULTS, faults);
  set(out, SEG_HAS_DEPOT, get(a, SEG_HAS_DEPOT) != 0 || get(b, SEG_HAS_DEPOT) != 0 ? 1 : 0);
  if (trackTimeWarp) concatTimeWarp(a, b, seconds, out);
}

/** Vidal et al. (2013), concatenation with time warp; `seconds`: the leg from `a` to `b`. */
function concatTimeWarp(a: usize, b: usize, seconds: f64, out: usize): void {
  const durationA = get(a, SEG_WARP_DURATION), earliestA = get(a, SEG_WARP_EARLIEST), latestA = get(a, SEG_WARP_LATEST);
  const durationB = get(b, SEG_WARP_DURATION), earliestB = get(b, SEG_WARP_EARLIEST), latestB = get(b, SEG_WARP_LATEST);
  const warpA = get(a, SEG_TIME_WARP);
  const delta = durationA - warpA + seconds;
  const waiting = Math.max(earliestB - delta - latestA, 0);
  const warp = Math.max(earliestA + delta - latestB, 0);
  set(out, SEG_TIME_WARP, warpA + get(b, SEG_TIME_WARP) + warp);
  setWarpWindow(out, durationA + durationB + seconds + waiting, Math.max(earliestB - delta, earliestA) - waiting,
    Math.min(latestB - delta, latestA) + warp);
}

/** What the segment's part before its first reload boundary delivers, metric `metric`. */
export function segmentLeadingDeliveries(segment: usize, metric: i32): f64 {
  return get(segment, loadsOf(metric));
}

/** What the segment's part before its first reload boundary picks up, metric `metric`. */
export function segmentLeadingPickups(segment: usize, metric: i32): f64 {
  return get(segment, loadsOf(metric) + 1);
}

/** The highest load of metric `metric` anywhere in the segment: a segment inside a route bounds the route's. */
export function segmentPeakLoad(segment: usize, metric: i32): f64 {
  const base = loadsOf(metric);
  return Math.max(Math.max(get(segment, base + 2), get(segment, base + 5)), get(segment, base + 6));
}

/**
 * The route summary (R_* in layout.ts) of a whole route given as one segment, from the route's start segment
 * to its end segment. Lateness amounts are not known to a summary: a late route counts one time-window
 * violation, its R_LATENESS is NaN (unknown amount) and its internal cost is a lower bound.
 */
export function routeFromSegment(route: i32, segment: usize, summary: usize): void {
  clearSummary(summary, ROUTE_SUMMARY_SIZE);
  const startTime = routeParameter(route, RP_START_TIME);
  setSummaryField(summary, R_START, startTime);
  setSummaryField(summary, R_END, startTime);
  if (get(segment, SEG_JOBS) == 0) return;
  const duration = get(segment, SEG_DURATION);
  const end = Math.max(startTime + duration, get(segment, SEG_EARLIEST));
  const late = get(segment, SEG_ON_TIME) == 0 || startTime > get(segment, SEG_LATEST);
  setSummaryField(summary, R_END, end);
  setSummaryField(summary, R_JOB_COUNT, get(segment, SEG_JOBS));
  setSummaryField(summary, R_DISTANCE, get(segment, SEG_DISTANCE));
  setSummaryField(summary, R_DRIVING, get(segment, SEG_DRIVING));
  setSummaryField(summary, R_IDLE, end - startTime - duration);
  setSummaryField(summary, R_BREAKS_NOT_TAKEN, 0);
  // A summary knows whether some job is late, not by how much.
  setSummaryField(summary, R_LATENESS, late ? NaN : 0);
  for (let metric = 0; metric < loadMetrics; metric++) setSummaryField(summary, R_PEAK_LOAD + metric, segmentPeakLoad(segment, metric));
  const faults = <i32>get(segment, SEG_FAULTS);
  const stopPenalties = <f64>faults * HARD_VIOLATION + (late ? stopPenalty(V_TIME_WINDOW, 0) : 0);
  closeRoute(route, summary, stopPenalties, faults + (late ? 1 : 0));
}
