// Prices one whole candidate route with the timing kernel: from a segment summary when segments are exact
// (search-problem.ts), else by the full timing scan over the job list written into the scratch visits. Both
// give the route's internal cost and how many hard violations it has — the search never accepts a move that
// adds hard violations, and minimises internal cost (which already weighs every soft penalty).
import {
  R_INTERNAL_COST, R_STOP_COUNT, R_VIOLATIONS, ROUTE_SUMMARY_SIZE, RV_BREAK_NOT_TAKEN, RV_OVERTIME, S_VIOLATIONS,
  STOP_STRIDE, STOP_VIOLATION_TYPES, V_TIME_WINDOW,
} from '../layout';
import { windowsAreHard } from '../penalties';
import { criticalMask } from '../problem';
import { routeFromSegment, SEG_FAULTS, SEG_LATEST, SEG_ON_TIME } from '../segment';
import { summaryField } from '../route-limits';
import { timeRoute } from '../route-timing';
import { RP_START_TIME } from '../layout';
import { routeParameter } from '../problem';
import { allocF64, geti, getf, seti } from './memory';
import { routeVisitCounts, routeVisitStarts, scratchVisit, visitCodes, visitFaultBits } from './search-problem';

let summary: usize = 0;
let stops: usize = 0;
let stopRoom: i32 = 0;
let hardRouteBits: u32 = 0;
let hardStopBits: u32 = 0;

/** Hard violations of the route priced last. */
export let pricedHard: i32 = 0;
/** True when the segment priced last has a late job: its cost and count are then only lower bounds. */
export let pricedLate: bool = false;

export function bindRoutePrice(jobs: i32): void {
  summary = allocF64(ROUTE_SUMMARY_SIZE);
  stopRoom = 4 * jobs + 64;
  stops = allocF64(stopRoom * STOP_STRIDE);
  const criticalRoute = criticalMask >> <u32>STOP_VIOLATION_TYPES;
  hardRouteBits = ~((RV_OVERTIME | RV_BREAK_NOT_TAKEN) & ~criticalRoute);
  hardStopBits = windowsAreHard() ? 0xffffffff : ~V_TIME_WINDOW;
}

/**
 * The route's internal cost from a segment running from its start to its end. A summary knows that a job is
 * late, not by how much (segment.ts): check pricedLate, and price the job list when the amount matters.
 */
export function priceSegment(route: i32, segment: usize): f64 {
  routeFromSegment(route, segment, summary);
  const late = getf(segment, SEG_ON_TIME) == 0 || routeParameter(route, RP_START_TIME) > getf(segment, SEG_LATEST);
  const routeBits = <u32>summaryField(summary, R_VIOLATIONS) & hardRouteBits;
  pricedHard = <i32>popcnt(routeBits) + <i32>getf(segment, SEG_FAULTS) + (late ? 1 : 0);
  pricedLate = late;
  return summaryField(summary, R_INTERNAL_COST);
}

/** The route's internal cost with the jobs `list[0..count)` in that order, by the full timing scan. */
export function priceJobList(route: i32, list: usize, count: i32): f64 {
  for (let index = 0; index < count; index++) {
    seti(visitCodes, scratchVisit + index, geti(list, index));
    seti(visitFaultBits, scratchVisit + index, 0);
  }
  const savedStart = geti(routeVisitStarts, route);
  const savedCount = geti(routeVisitCounts, route);
  seti(routeVisitStarts, route, scratchVisit);
  seti(routeVisitCounts, route, count);
  timeRoute(route, stops, stopRoom, summary);
  seti(routeVisitStarts, route, savedStart);
  seti(routeVisitCounts, route, savedCount);
  let hard = <i32>popcnt(<u32>summaryField(summary, R_VIOLATIONS) & hardRouteBits);
  const written = min(<i32>summaryField(summary, R_STOP_COUNT), stopRoom);
  for (let stop = 0; stop < written; stop++) {
    hard += <i32>popcnt(<u32>getf(stops, stop * STOP_STRIDE + S_VIOLATIONS) & hardStopBits);
  }
  pricedHard = hard;
  return summaryField(summary, R_INTERNAL_COST);
}
