// The bound problem: addresses and settings read once from the host's header (layout.ts), then read by the
// kernels through the inline accessors below. Private memory per worker, so module globals are safe here.
import {
  BREAK_EARLIEST_START, BREAK_LATEST_START, BREAK_LENGTH, BREAK_STRIDE, H_ANY_UNSAFE, H_ATTRIBUTE_WORDS, H_BREAKS,
  H_CENTROID_PULLS, H_CLASS_COUNT, H_CLASS_DISTANCES, H_CLASS_DURATIONS, H_CLASS_SLOTS, H_CLASS_UNSAFE_PLACES,
  H_CRITICAL_MASK, H_HARD_WINDOWS, H_JOB_COUNT, H_JOB_EXIT_LOCATION, H_JOB_EXIT_TIME_ON_SITE, H_JOB_LOADS,
  H_JOB_LOCATION, H_JOB_POST_DEPOT_NEED, H_JOB_PRE_DEPOT_NEED, H_JOB_ROUTE_PULL, H_JOB_TIME_ON_SITE, H_JOB_WINDOWS,
  H_JOB_WINDOW_COUNT, H_LEGAL_BREAKS, H_LEGAL_DURATION, H_LEGAL_INTERVAL, H_LEG_DISTANCES, H_LEG_DURATIONS,
  H_LEG_UNSAFE, H_LOAD_METRICS, H_PLACE_COUNT, H_PLACE_DEPOT_ATTRIBUTES, H_ROUTE_BREAK_COUNT, H_ROUTE_BREAK_START,
  H_ROUTE_CLASS, H_ROUTE_COUNT, H_ROUTE_END_PLACE, H_ROUTE_LEG_START, H_ROUTE_PARAMETERS, H_ROUTE_START_PLACE,
  H_ROUTE_VISIT_COUNT, H_ROUTE_VISIT_START, H_VISITS, H_VISIT_FAULTS, JOB_WINDOW_STRIDE, MAX_METRICS, RP_STRIDE
} from './layout';
import { useClock, wallTimeOf } from './route-clock';
import { countWork } from './work';

export let placeCount: i32 = 0;
export let jobCount: i32 = 0;
export let routeCount: i32 = 0;
export let classCount: i32 = 0;
export let loadMetrics: i32 = 0;
export let attributeWords: i32 = 0;
export let hardWindows: bool = true;
export let criticalMask: u32 = 0;
export let legalBreaks: bool = false;
export let legalDuration: f64 = 0;
export let legalInterval: f64 = 0;
/** True when some route's driver has a centroid that pulls its jobs (pullOf). */
export let centroidPulls: bool = false;
/** True when some place is reached only by a road its location type forbids (placeUnsafe). */
export let anyUnsafePlace: bool = false;
let classDurations: usize = 0;
let classDistances: usize = 0;
let classSlots: usize = 0;
let jobLocation: usize = 0;
let jobExitLocation: usize = 0;
let jobTimeOnSite: usize = 0;
let jobExitTimeOnSite: usize = 0;
let jobWindowCount: usize = 0;
let jobWindows: usize = 0;
let jobLoads: usize = 0;
let jobPreDepotNeed: usize = 0;
let jobPostDepotNeed: usize = 0;
let placeDepotAttributes: usize = 0;
let routeVisitStart: usize = 0;
let routeVisitCount: usize = 0;
let visits: usize = 0;
let visitFaults: usize = 0;
let routeClass: usize = 0;
let routeStartPlace: usize = 0;
let routeEndPlace: usize = 0;
let routeParameters: usize = 0;
let routeBreakStart: usize = 0;
let routeBreakCount: usize = 0;
let breaks: usize = 0;
let routeLegStart: usize = 0;
let legDurations: usize = 0;
let legDistances: usize = 0;
let jobRoutePull: usize = 0;
let classUnsafePlaces: usize = 0;
let legUnsafe: usize = 0;

@inline function field(header: usize, index: i32): f64 {
  return load<f64>(header + (<usize>index << 3));
}

@inline function address(header: usize, index: i32): usize {
  return <usize>field(header, index);
}

/** Reads the host's header; every kernel call after this works on that problem. */
export function bindProblem(header: usize): void {
  placeCount = <i32>field(header, H_PLACE_COUNT);
  jobCount = <i32>field(header, H_JOB_COUNT);
  routeCount = <i32>field(header, H_ROUTE_COUNT);
  classCount = <i32>field(header, H_CLASS_COUNT);
  loadMetrics = <i32>field(header, H_LOAD_METRICS);
  attributeWords = <i32>field(header, H_ATTRIBUTE_WORDS);
  hardWindows = field(header, H_HARD_WINDOWS) != 0;
  criticalMask = <u32>field(header, H_CRITICAL_MASK);
  legalBreaks = field(header, H_LEGAL_BREAKS) != 0;
  legalDuration = field(header, H_LEGAL_DURATION);
  legalInterval = field(header, H_LEGAL_INTERVAL);
  classDurations = address(header, H_CLASS_DURATIONS);
  classDistances = address(header, H_CLASS_DISTANCES);
  classSlots = address(header, H_CLASS_SLOTS);
  jobLocation = address(header, H_JOB_LOCATION);
  jobExitLocation = address(header, H_JOB_EXIT_LOCATION);
  jobTimeOnSite = address(header, H_JOB_TIME_ON_SITE);
  jobExitTimeOnSite = address(header, H_JOB_EXIT_TIME_ON_SITE);
  jobWindowCount = address(header, H_JOB_WINDOW_COUNT);
  jobWindows = address(header, H_JOB_WINDOWS);
  jobLoads = address(header, H_JOB_LOADS);
  jobPreDepotNeed = address(header, H_JOB_PRE_DEPOT_NEED);
  jobPostDepotNeed = address(header, H_JOB_POST_DEPOT_NEED);
  placeDepotAttributes = address(header, H_PLACE_DEPOT_ATTRIBUTES);
  routeVisitStart = address(header, H_ROUTE_VISIT_START);
  routeVisitCount = address(header, H_ROUTE_VISIT_COUNT);
  visits = address(header, H_VISITS);
  visitFaults = address(header, H_VISIT_FAULTS);
  routeClass = address(header, H_ROUTE_CLASS);
  routeStartPlace = address(header, H_ROUTE_START_PLACE);
  routeEndPlace = address(header, H_ROUTE_END_PLACE);
  routeParameters = address(header, H_ROUTE_PARAMETERS);
  routeBreakStart = address(header, H_ROUTE_BREAK_START);
  routeBreakCount = address(header, H_ROUTE_BREAK_COUNT);
  breaks = address(header, H_BREAKS);
  routeLegStart = address(header, H_ROUTE_LEG_START);
  legDurations = address(header, H_LEG_DURATIONS);
  legDistances = address(header, H_LEG_DISTANCES);
  jobRoutePull = address(header, H_JOB_ROUTE_PULL);
  centroidPulls = field(header, H_CENTROID_PULLS) != 0;
  classUnsafePlaces = address(header, H_CLASS_UNSAFE_PLACES);
  legUnsafe = address(header, H_LEG_UNSAFE);
  anyUnsafePlace = field(header, H_ANY_UNSAFE) != 0;
  // Until a route is timed, times read on a plain clock (estimates outside timeRoute included).
  useClock(Infinity, 0);
}

@inline function i32At(array: usize, index: i32): i32 {
  return load<i32>(array + (<usize>index << 2));
}

@inline function u32At(array: usize, index: i32): u32 {
  return load<u32>(array + (<usize>index << 2));
}

@inline function f64At(array: usize, index: i32): f64 {
  return load<f64>(array + (<usize>index << 3));
}

// ── Travel ──
/** Seconds from `from` to `to` for a departure at `time`; −1 when unreachable. */
@inline export function legDuration(travelClass: i32, from: i32, to: i32, time: f64): f64 {
  countWork();
  const durations = <usize>u32At(classDurations, travelClass);
  return f64At(durations, (slotOf(travelClass, time) * placeCount + from) * placeCount + to);
}

@inline export function legDistance(travelClass: i32, from: i32, to: i32): f64 {
  return f64At(<usize>u32At(classDistances, travelClass), from * placeCount + to);
}

/** Traffic slots are hours of the wall clock, that of the route being timed on a day the clocks change. */
@inline function slotOf(travelClass: i32, time: f64): i32 {
  const slots = i32At(classSlots, travelClass);
  return slots == 1 ? 0 : (<i32>Math.floor(wallTimeOf(time) / 3600) % slots + slots) % slots;
}

/** Seconds of entry `leg` of a route's given legs, departing at `time`; −1 when unreachable. */
@inline export function givenLegDuration(travelClass: i32, leg: i32, time: f64): f64 {
  return f64At(legDurations, leg * i32At(classSlots, travelClass) + slotOf(travelClass, time));
}

@inline export function givenLegDistance(leg: i32): f64 {
  return f64At(legDistances, leg);
}

/** A place the class reaches only by a road the place's location type forbids: driven, but `no_safe_route`. */
@inline export function placeUnsafe(travelClass: i32, place: i32): bool {
  return anyUnsafePlace && load<u8>(<usize>u32At(classUnsafePlaces, travelClass) + <usize>place) != 0;
}

/** The same for entry `leg` of a route's given legs. */
@inline export function givenLegUnsafe(leg: i32): bool {
  return load<u8>(legUnsafe + <usize>leg) != 0;
}

// ── Jobs ──
@inline export function jobPlace(job: i32): i32 { return i32At(jobLocation, job); }
@inline export function jobExitPlace(job: i32): i32 { return i32At(jobExitLocation, job); }
@inline export function jobTimeOnSiteOf(job: i32): f64 { return f64At(jobTimeOnSite, job); }
@inline export function jobExitTimeOnSiteOf(job: i32): f64 { return f64At(jobExitTimeOnSite, job); }
@inline export function jobWindowCountOf(job: i32): i32 { return i32At(jobWindowCount, job); }
@inline export function jobWindowStart(job: i32, window: i32): f64 { return f64At(jobWindows, job * JOB_WINDOW_STRIDE + window * 2); }
@inline export function jobWindowEnd(job: i32, window: i32): f64 { return f64At(jobWindows, job * JOB_WINDOW_STRIDE + window * 2 + 1); }
@inline export function jobLoad(job: i32, metric: i32): f64 { return f64At(jobLoads, job * MAX_METRICS + metric); }

/** True when the depot at `place` provides every attribute of the job's pre (or post) need. */
export function depotProvides(place: i32, job: i32, post: bool): bool {
  const needs = post ? jobPostDepotNeed : jobPreDepotNeed;
  for (let word = 0; word < attributeWords; word++) {
    const need = u32At(needs, job * attributeWords + word);
    if (need == 0) continue;
    if (place < 0) return false;
    if ((u32At(placeDepotAttributes, place * attributeWords + word) & need) != need) return false;
  }
  return true;
}

// ── Routes ──
@inline export function routeVisitStartOf(route: i32): i32 { return i32At(routeVisitStart, route); }
@inline export function routeVisitCountOf(route: i32): i32 { return i32At(routeVisitCount, route); }
/** Points a route at other visits (candidate routes written into spare room of the visit arrays). */
export function setRouteVisits(route: i32, first: i32, count: i32): void {
  store<i32>(routeVisitStart + (<usize>route << 2), first);
  store<i32>(routeVisitCount + (<usize>route << 2), count);
}
/** Job index ≥ 0, or −(place + 1) for a depot visit. */
@inline export function visitAt(visit: i32): i32 { return i32At(visits, visit); }
@inline export function visitFaultsAt(visit: i32): u32 { return u32At(visitFaults, visit); }
@inline export function routeClassOf(route: i32): i32 { return i32At(routeClass, route); }
@inline export function routeStartPlaceOf(route: i32): i32 { return i32At(routeStartPlace, route); }
@inline export function routeEndPlaceOf(route: i32): i32 { return i32At(routeEndPlace, route); }
@inline export function routeParameter(route: i32, field: i32): f64 { return f64At(routeParameters, route * RP_STRIDE + field); }
@inline export function routeBreakStartOf(route: i32): i32 { return i32At(routeBreakStart, route); }
@inline export function routeBreakCountOf(route: i32): i32 { return i32At(routeBreakCount, route); }
@inline export function breakEarliest(index: i32): f64 { return f64At(breaks, index * BREAK_STRIDE + BREAK_EARLIEST_START); }
@inline export function breakLatest(index: i32): f64 { return f64At(breaks, index * BREAK_STRIDE + BREAK_LATEST_START); }
@inline export function breakLength(index: i32): f64 { return f64At(breaks, index * BREAK_STRIDE + BREAK_LENGTH); }
@inline export function routeLegStartOf(route: i32): i32 { return i32At(routeLegStart, route); }

/** What serving `job` on `route` adds to its internal cost for the distance to the driver's centroid. */
@inline export function pullOf(job: i32, route: i32): f64 {
  return centroidPulls ? f64At(jobRoutePull, job * routeCount + route) : 0;
}
