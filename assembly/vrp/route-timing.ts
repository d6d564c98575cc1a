// Times one route from scratch, stop by stop, exactly as evaluate answers it: the reference every faster path
// (segment summaries, the search's move checks) must agree with. Writes the itinerary (S_* records) and the
// route summary (R_*). Times are float seconds; nothing is rounded here.
import { addStopViolations, beginItinerary, pushStop, setStopField, stopCount, stopField } from './itinerary';
import { beginBreaks, drive, finishBreaks, nextBreakEarliest, takeDueBreaks, takeNextBreak } from './breaks';
import { loadOnBoard, peakLoad, reloadFrom, resetPeaks, serveLoad } from './loads';
import {
  MAX_METRICS, R_BREAKS_NOT_TAKEN, R_DISTANCE, R_DRIVING, R_END, R_IDLE, R_JOB_COUNT, R_LATENESS, R_PEAK_LOAD,
  R_START, R_STOP_COUNT, ROUTE_SUMMARY_SIZE, RP_CLOCK_CHANGE, RP_CLOCK_SHIFT, RP_START_TIME, S_DEPARTURE, S_IDLE, S_KIND, S_LOAD, S_REF,
  S_SERVICE_START, S_TIME_ON_SITE, S_VIOLATIONS,
  S_WINDOW_END, STOP_DEPOT_VISIT, STOP_END_DEPOT, STOP_JOB, STOP_JOB_EXIT, STOP_START_DEPOT, V_NO_SAFE_ROUTE,
  V_POST_DEPOT, V_PRE_DEPOT, V_TIME_WINDOW,
} from './layout';
import { clearSummary, closeRoute, setSummaryField } from './route-limits';
import { stopPenalty, violationCount } from './penalties';
import {
  depotProvides, givenLegDistance, givenLegDuration, givenLegUnsafe, placeUnsafe, jobExitPlace, jobExitTimeOnSiteOf, jobPlace, jobTimeOnSiteOf,
  legDistance, legDuration, pullOf, routeLegStartOf, routeBreakCountOf, routeBreakStartOf, routeClassOf, routeEndPlaceOf, routeParameter, routeStartPlaceOf,
  routeVisitCountOf, routeVisitStartOf, setRouteVisits, visitAt, visitFaultsAt,
} from './problem';
import { useClock } from './route-clock';
import { serviceStart, windowEndOfLastService } from './windows';

// State of the scan in progress (one route at a time per worker).
let travelClass: i32 = 0;
let here: i32 = -1;          // place the vehicle is at; −1 before a route without a start place has begun
let now: f64 = 0;            // time the vehicle is ready to leave `here`
let distance: f64 = 0;
let driving: f64 = 0;
let idle: f64 = 0;
let lastDepot: i32 = -1;     // place of the last depot (start or visit), −1 when none
let segmentFirstStop: i32 = 0;

// Next entry of the route's given legs, −1 when legs come from the class matrix.
let legCursor: i32 = -1;
// The leg last driven by driveTo, written on the stop it leads to.
let legSeconds: f64 = 0;
let legMetres: f64 = 0;
let legUnsafe = false;

/** Drives to `place` after taking due breaks (and those due on the way); `now` becomes the arrival. */
function driveTo(place: i32): void {
  now = takeDueBreaks(now);
  legSeconds = 0;
  legMetres = 0;
  legUnsafe = false;
  if (here >= 0) {
    const given = legCursor >= 0;
    legSeconds = given ? givenLegDuration(travelClass, legCursor, now) : legDuration(travelClass, here, place, now);
    legMetres = given ? givenLegDistance(legCursor) : legDistance(travelClass, here, place);
    legUnsafe = given ? givenLegUnsafe(legCursor++) : placeUnsafe(travelClass, place);
    // An unreachable leg cannot be driven at all: it is flagged and costs nothing, so the rest can be timed.
    if (legSeconds < 0 || legMetres < 0) { legSeconds = 0; legMetres = 0; legUnsafe = true; }
  }
  now = drive(now, legSeconds);
  distance += legMetres;
  driving += legSeconds;
  here = place;
}

/** The stop reached by the last leg, arriving at `arrival`. */
function pushArrival(kind: i32, ref: i32, place: i32, arrival: f64): i32 {
  const stop = pushStop(kind, ref, place, arrival, 0, 0, legMetres, legSeconds);
  if (legUnsafe) addStopViolations(stop, V_NO_SAFE_ROUTE);
  return stop;
}

function arriveAt(kind: i32, ref: i32, place: i32): i32 {
  driveTo(place);
  return pushArrival(kind, ref, place, now);
}

function writeLoads(stop: i32): void {
  for (let metric = 0; metric < MAX_METRICS; metric++) setStopField(stop, S_LOAD + metric, loadOnBoard(metric));
}

/** Waits for the job's window (taking breaks that come due while waiting), then serves it. */
function serveJob(job: i32, visit: i32): void {
  driveTo(jobPlace(job));
  let ready = now;
  let start = serviceStart(job, ready);
  while (nextBreakEarliest() < start) {
    ready = takeNextBreak(Math.max(ready, nextBreakEarliest()));
    start = serviceStart(job, ready);
  }
  const windowEnd = windowEndOfLastService();
  const timeOnSite = jobTimeOnSiteOf(job);
  // A break taken while waiting comes before the stop: the vehicle is there, ready, once the break ends.
  const stop = pushArrival(STOP_JOB, job, jobPlace(job), ready);
  setStopField(stop, S_IDLE, start - ready);
  setStopField(stop, S_DEPARTURE, start + timeOnSite);
  setStopField(stop, S_TIME_ON_SITE, timeOnSite);
  setStopField(stop, S_SERVICE_START, start);
  setStopField(stop, S_WINDOW_END, windowEnd);
  let bits = visitFaultsAt(visit);
  if (start > windowEnd) bits |= V_TIME_WINDOW;
  if (!depotProvides(lastDepot, job, false)) bits |= V_PRE_DEPOT;
  addStopViolations(stop, bits);
  idle += start - ready;
  now = start + timeOnSite;
  serveLoad(job);
  writeLoads(stop);
  const exit = jobExitPlace(job);
  if (exit < 0) return;
  const exitStop = arriveAt(STOP_JOB_EXIT, job, exit);
  const exitTime = jobExitTimeOnSiteOf(job);
  setStopField(exitStop, S_DEPARTURE, now + exitTime);
  setStopField(exitStop, S_TIME_ON_SITE, exitTime);
  now += exitTime;
  writeLoads(exitStop);
}

/** Jobs since the last depot that need attributes of the next depot: checked when that depot is known. */
function checkPostDepot(depot: i32): void {
  for (let stop = segmentFirstStop; stop < stopCount(); stop++) {
    if (<i32>stopField(stop, S_KIND) != STOP_JOB) continue;
    if (!depotProvides(depot, <i32>stopField(stop, S_REF), true)) addStopViolations(stop, V_POST_DEPOT);
  }
}

function visitDepot(place: i32, visit: i32, end: i32): void {
  const stop = arriveAt(STOP_DEPOT_VISIT, place, place);
  checkPostDepot(place);
  reloadFrom(visit + 1, end);
  writeLoads(stop);
  lastDepot = place;
  segmentFirstStop = stopCount();
}

function firstPlaceOf(visit: i32): i32 {
  const code = visitAt(visit);
  return code >= 0 ? jobPlace(code) : -code - 1;
}

/** Sums penalties and counts of the stop violations, and the total lateness. */
function scoreStops(route: i32, summary: usize): void {
  let penalty: f64 = 0;
  let count: i32 = 0;
  let lateness: f64 = 0;
  let jobs: i32 = 0;
  const stops = stopCount();
  for (let stop = 0; stop < stops; stop++) {
    const bits = <u32>stopField(stop, S_VIOLATIONS);
    const late = Math.max(stopField(stop, S_SERVICE_START) - stopField(stop, S_WINDOW_END), 0);
    if (<i32>stopField(stop, S_KIND) == STOP_JOB) {
      jobs++;
      penalty += pullOf(<i32>stopField(stop, S_REF), route);
    }
    lateness += late;
    penalty += stopPenalty(bits, late);
    count += violationCount(bits);
  }
  setSummaryField(summary, R_JOB_COUNT, <f64>jobs);
  setSummaryField(summary, R_LATENESS, lateness);
  closeRoute(route, summary, penalty, count);
}

/**
 * Times route `route` of the bound problem into `out` (room for `capacity` stop records) and `summary`.
 * When R_STOP_COUNT comes back larger than `capacity`, the itinerary is incomplete: call again with more room.
 */
export function timeRoute(route: i32, out: usize, capacity: i32, summary: usize): void {
  beginItinerary(out, capacity);
  clearSummary(summary, ROUTE_SUMMARY_SIZE);
  const first = routeVisitStartOf(route);
  const end = first + routeVisitCountOf(route);
  const startTime = routeParameter(route, RP_START_TIME);
  setSummaryField(summary, R_START, startTime);
  setSummaryField(summary, R_END, startTime);
  if (first == end) return;
  useClock(routeParameter(route, RP_CLOCK_CHANGE), routeParameter(route, RP_CLOCK_SHIFT));
  travelClass = routeClassOf(route);
  legCursor = routeLegStartOf(route);
  distance = 0; driving = 0; idle = 0;
  now = startTime;
  const startPlace = routeStartPlaceOf(route);
  lastDepot = startPlace;
  resetPeaks();
  beginBreaks(routeBreakStartOf(route), routeBreakCountOf(route), startTime);
  const startStop = pushStop(STOP_START_DEPOT, startPlace, startPlace >= 0 ? startPlace : firstPlaceOf(first), now, 0, 0, 0, 0);
  here = startPlace;
  reloadFrom(first, end);
  writeLoads(startStop);
  segmentFirstStop = stopCount();
  for (let visit = first; visit < end; visit++) {
    const code = visitAt(visit);
    if (code >= 0) serveJob(code, visit);
    else visitDepot(-code - 1, visit, end);
  }
  const endPlace = routeEndPlaceOf(route);
  const endStop = endPlace >= 0 ? arriveAt(STOP_END_DEPOT, endPlace, endPlace) : finishAtLastStop();
  writeLoads(endStop);
  checkPostDepot(endPlace);
  setSummaryField(summary, R_END, now);
  setSummaryField(summary, R_DISTANCE, distance);
  setSummaryField(summary, R_DRIVING, driving);
  setSummaryField(summary, R_IDLE, idle);
  setSummaryField(summary, R_BREAKS_NOT_TAKEN, <f64>finishBreaks());
  for (let metric = 0; metric < MAX_METRICS; metric++) setSummaryField(summary, R_PEAK_LOAD + metric, peakLoad(metric));
  setSummaryField(summary, R_STOP_COUNT, <f64>stopCount());
  scoreStops(route, summary);
}

/** A route without an end place ends where its last stop is, once the breaks due by then are taken. */
function finishAtLastStop(): i32 {
  now = takeDueBreaks(now);
  return pushStop(STOP_END_DEPOT, here, here, now, 0, 0, 0, 0);
}

/**
 * Times `route` as if it visited the `count` visits from `first` (a candidate the caller wrote into spare room of
 * the visit arrays); the route gets its own visits back afterwards.
 */
export function timeRouteWithVisits(route: i32, first: i32, count: i32, out: usize, capacity: i32, summary: usize): void {
  const ownFirst = routeVisitStartOf(route);
  const ownCount = routeVisitCountOf(route);
  setRouteVisits(route, first, count);
  timeRoute(route, out, capacity, summary);
  setRouteVisits(route, ownFirst, ownCount);
}
