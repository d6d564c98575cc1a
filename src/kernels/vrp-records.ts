/** Decodes what timeRoute wrote (S_* stop records, the R_* summary) into plain objects for response building. */
import type { RouteTiming } from './vrp-bound-problem.js';
import type { VrpLayout } from './vrp-layout.js';

export type StopKind = 'start_depot' | 'job' | 'job_exit' | 'depot_visit' | 'break' | 'legal_break' | 'end_depot';

export interface TimedStop {
  kind: StopKind;
  /** Job index (job, job exit), place index (depots; −1 for a route start without a place), break index, or legal break ordinal. */
  ref: number;
  /** Place index, −1 for breaks. */
  place: number;
  arrival: number;
  idle: number;
  departure: number;
  timeOnSite: number;
  distanceTo: number;
  timeTo: number;
  /** Stop violation bits, in the order of stopViolationTypes. */
  violations: number;
  serviceStart: number;
  windowEnd: number;
  loads: number[];
}

export interface TimedRoute {
  jobCount: number;
  distance: number;
  driving: number;
  working: number;
  idle: number;
  start: number;
  end: number;
  cost: number;
  internalCost: number;
  /** Route violation bits, in the order of routeViolationTypes. */
  violations: number;
  breaksNotTaken: number;
  peakLoads: number[];
  violationCount: number;
  lateness: number;
  stops: TimedStop[];
}

function kindOf(layout: VrpLayout, code: number): StopKind {
  const kinds: [number, StopKind][] = [
    [layout.STOP_START_DEPOT, 'start_depot'], [layout.STOP_JOB, 'job'], [layout.STOP_JOB_EXIT, 'job_exit'],
    [layout.STOP_DEPOT_VISIT, 'depot_visit'], [layout.STOP_BREAK, 'break'], [layout.STOP_LEGAL_BREAK, 'legal_break'],
    [layout.STOP_END_DEPOT, 'end_depot'],
  ];
  const found = kinds.find(([value]) => value === code);
  if (!found) throw new Error(`vrp kernel wrote an unknown stop kind ${code}`);
  return found[1];
}

function decodeStop(timing: RouteTiming, layout: VrpLayout, stop: number, metrics: number): TimedStop {
  const base = stop * layout.STOP_STRIDE;
  const field = (offset: number) => timing.stops[base + offset]!;
  return {
    kind: kindOf(layout, field(layout.S_KIND)),
    ref: field(layout.S_REF),
    place: field(layout.S_PLACE),
    arrival: field(layout.S_ARRIVAL),
    idle: field(layout.S_IDLE),
    departure: field(layout.S_DEPARTURE),
    timeOnSite: field(layout.S_TIME_ON_SITE),
    distanceTo: field(layout.S_DISTANCE_TO),
    timeTo: field(layout.S_TIME_TO),
    violations: field(layout.S_VIOLATIONS),
    serviceStart: field(layout.S_SERVICE_START),
    windowEnd: field(layout.S_WINDOW_END),
    loads: Array.from({ length: metrics }, (_, metric) => field(layout.S_LOAD + metric)),
  };
}

export function decodeRoute(timing: RouteTiming, layout: VrpLayout, metrics: number): TimedRoute {
  const field = (offset: number) => timing.summary[offset]!;
  return {
    jobCount: field(layout.R_JOB_COUNT),
    distance: field(layout.R_DISTANCE),
    driving: field(layout.R_DRIVING),
    working: field(layout.R_WORKING),
    idle: field(layout.R_IDLE),
    start: field(layout.R_START),
    end: field(layout.R_END),
    cost: field(layout.R_COST),
    internalCost: field(layout.R_INTERNAL_COST),
    violations: field(layout.R_VIOLATIONS),
    breaksNotTaken: field(layout.R_BREAKS_NOT_TAKEN),
    peakLoads: Array.from({ length: metrics }, (_, metric) => field(layout.R_PEAK_LOAD + metric)),
    violationCount: field(layout.R_VIOLATION_COUNT),
    lateness: field(layout.R_LATENESS),
    stops: Array.from({ length: timing.stopCount }, (_, stop) => decodeStop(timing, layout, stop, metrics)),
  };
}
