// Prices one whole candidate route with the timing kernel: from a segment summary when segments are exact
// (search-problem.ts), else by the full timing scan over the job list written into the scratch visits. Both
// give the route's internal cost and how many hard violations it has — the search never accepts a move that
// adds hard violations, and minimises internal cost (which already weighs every soft penalty).
import { R_INTERNAL_COST, R_VIOLATIONS, ROUTE_SUMMARY_SIZE, STOP_STRIDE } from '../layout';
import { hardRouteViolationBits, hardViolationsOf, windowsAreHard } from '../penalties';
import { routeFromSegment, SEG_FAULTS, SEG_LATEST, SEG_ON_TIME } from '../segment';
import { summaryField } from '../route-limits';
import { timeRouteWithVisits } from '../route-timing';
import { RP_START_TIME } from '../layout';
import { routeParameter } from '../problem';
import { allocF64, geti, getf, seti } from './memory';
import { penalisedBits, penalisedPrice, penalising } from './penalised-price';
import { codeVisits, scratchVisit, visitCodes, visitFaultBits } from './search-problem';

let summary: usize = 0;
let stops: usize = 0;
let stopRoom: i32 = 0;
let hardRouteBits: u32 = 0;

/** Hard violations of the route priced last. */
export let pricedHard: i32 = 0;
/** True when the segment priced last has a late job: its cost and count are then only lower bounds. */
export let pricedLate: bool = false;

/** `codes`: the most visits a route can have (search-problem.ts). */
export function bindRoutePrice(codes: i32): void {
  summary = allocF64(ROUTE_SUMMARY_SIZE);
  stopRoom = 4 * codes + 64;
  stops = allocF64(stopRoom * STOP_STRIDE);
  hardRouteBits = hardRouteViolationBits();
}

/**
 * The route's internal cost from a segment running from its start to its end. A summary knows that a job is
 * late, not by how much (segment.ts): check pricedLate, and price the job list when the amount matters. While
 * penalising (penalised-price.ts, exact mode only), the penalised price instead: lateness, end time and load
 * are weighed, not counted hard.
 */
export function priceSegment(route: i32, segment: usize): f64 {
  routeFromSegment(route, segment, summary);
  const late = getf(segment, SEG_ON_TIME) == 0 || routeParameter(route, RP_START_TIME) > getf(segment, SEG_LATEST);
  const routeBits = <u32>summaryField(summary, R_VIOLATIONS) & hardRouteBits;
  if (penalising) {
    pricedHard = <i32>popcnt(routeBits & ~penalisedBits()) + <i32>getf(segment, SEG_FAULTS);
    pricedLate = false;
    return penalisedPrice(route, segment, summary, pricedHard);
  }
  pricedHard = <i32>popcnt(routeBits) + <i32>getf(segment, SEG_FAULTS) + (late && windowsAreHard() ? 1 : 0);
  pricedLate = late;
  return summaryField(summary, R_INTERNAL_COST);
}

/** The route's internal cost with the codes `list[0..count)` in that order, by the full timing scan. */
export function priceJobList(route: i32, list: usize, count: i32): f64 {
  for (let index = 0; index < count; index++) {
    seti(visitCodes, scratchVisit + index, geti(codeVisits, geti(list, index)));
    seti(visitFaultBits, scratchVisit + index, 0);
  }
  timeRouteWithVisits(route, scratchVisit, count, stops, stopRoom, summary);
  pricedHard = hardViolationsOf(summary, stops, stopRoom);
  return summaryField(summary, R_INTERNAL_COST);
}
