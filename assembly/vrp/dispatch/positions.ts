// Insert and recommend: every position of one job on one route, each timed by the full route timing scan
// (route-timing.ts), so breaks, second windows, depot visits and their attributes count exactly as evaluate
// counts them. The route's current visits (depot visits included) come from the host; each candidate is
// written into the scratch part of the bound problem's visit arrays, the route pointed at it, timed, and the
// route restored.
import {
  H_ROUTE_VISIT_COUNT, H_ROUTE_VISIT_START, H_VISIT_FAULTS, H_VISITS, R_INTERNAL_COST, R_STOP_COUNT,
  R_VIOLATION_COUNT, R_VIOLATIONS, ROUTE_SUMMARY_SIZE, RV_BREAK_NOT_TAKEN, RV_OVERTIME, S_VIOLATIONS, STOP_STRIDE,
  STOP_VIOLATION_TYPES, V_TIME_WINDOW,
} from '../layout';
import { windowsAreHard } from '../penalties';
import { criticalMask } from '../problem';
import { timeRoute } from '../route-timing';
import { geti, getf, seti, setf } from '../search/memory';

/** Values written per priced position: internal cost, hard violations, all violations. */
export const POSITION_STRIDE: i32 = 3;

let visitCodes: usize = 0;
let visitFaultBits: usize = 0;
let routeVisitStarts: usize = 0;
let routeVisitCounts: usize = 0;
let scratchVisit: i32 = 0;
let stops: usize = 0;
let stopRoom: i32 = 0;
let summary: usize = 0;

@inline function headerAddress(header: usize, slot: i32): usize {
  return <usize>load<f64>(header + (<usize>slot << 3));
}


/**
 * `header`: the bound problem's header; its visit arrays have room for `room` visits from `scratch` on, and the
 * longest candidate route has at most `room` visits.
 */
export function dispatchBind(header: usize, scratch: i32, room: i32): void {
  visitCodes = headerAddress(header, H_VISITS);
  visitFaultBits = headerAddress(header, H_VISIT_FAULTS);
  routeVisitStarts = headerAddress(header, H_ROUTE_VISIT_START);
  routeVisitCounts = headerAddress(header, H_ROUTE_VISIT_COUNT);
  scratchVisit = scratch;
  stopRoom = 3 * room + 64;
  stops = __alloc(<usize>(stopRoom * STOP_STRIDE) << 3);
  summary = __alloc(<usize>ROUTE_SUMMARY_SIZE << 3);
}

/** Hard violations of the route just timed: never created by insert or recommend unless allowed (extensions §4). */
function hardViolations(): i32 {
  const criticalRoute = criticalMask >> <u32>STOP_VIOLATION_TYPES;
  const hardRouteBits = ~((RV_OVERTIME | RV_BREAK_NOT_TAKEN) & ~criticalRoute);
  const hardStopBits = windowsAreHard() ? 0xffffffff : ~V_TIME_WINDOW;
  let hard = <i32>popcnt(<u32>getf(summary, R_VIOLATIONS) & hardRouteBits);
  const written = min(<i32>getf(summary, R_STOP_COUNT), stopRoom);
  for (let stop = 0; stop < written; stop++) hard += <i32>popcnt(<u32>getf(stops, stop * STOP_STRIDE + S_VIOLATIONS) & hardStopBits);
  return hard;
}

/** Times `route` with the `count` scratch visits written, and writes its price at `out`. */
function priceScratch(route: i32, count: i32, out: usize): void {
  const savedStart = geti(routeVisitStarts, route);
  const savedCount = geti(routeVisitCounts, route);
  seti(routeVisitStarts, route, scratchVisit);
  seti(routeVisitCounts, route, count);
  timeRoute(route, stops, stopRoom, summary);
  seti(routeVisitStarts, route, savedStart);
  seti(routeVisitCounts, route, savedCount);
  setf(out, 0, getf(summary, R_INTERNAL_COST));
  setf(out, 1, <f64>hardViolations());
  setf(out, 2, getf(summary, R_VIOLATION_COUNT));
}

function writeVisit(index: i32, code: i32, faults: u32): void {
  seti(visitCodes, scratchVisit + index, code);
  store<u32>(visitFaultBits + (<usize>(scratchVisit + index) << 2), faults);
}

/** The route with the `count` visits at `codes` / `faults` (job ≥ 0, depot −(place + 1)) as it stands. */
export function dispatchPriceVisits(route: i32, codes: usize, faults: usize, count: i32, out: usize): void {
  for (let index = 0; index < count; index++) writeVisit(index, geti(codes, index), load<u32>(faults + (<usize>index << 2)));
  priceScratch(route, count, out);
}

function writeInserted(at: i32, inserted: usize, insertedFaults: usize, insertedCount: i32): void {
  for (let index = 0; index < insertedCount; index++) writeVisit(at + index, geti(inserted, index), load<u32>(insertedFaults + (<usize>index << 2)));
}

/**
 * The route with the `insertedCount` visits at `inserted` (a job, or a job with the depot visit it needs)
 * placed before each of its `count` visits in turn, and last: count + 1 prices at `out`, POSITION_STRIDE values
 * each. `insertedFaults` are their eligibility bits on this route.
 */
export function dispatchPricePositions(route: i32, codes: usize, faults: usize, count: i32,
                                       inserted: usize, insertedFaults: usize, insertedCount: i32, out: usize): void {
  writeInserted(0, inserted, insertedFaults, insertedCount);
  for (let index = 0; index < count; index++) writeVisit(index + insertedCount, geti(codes, index), load<u32>(faults + (<usize>index << 2)));
  for (let position = 0; position <= count; position++) {
    if (position > 0) {
      // Moving the inserted visits one visit later: the visit they passed takes the first of their slots.
      writeVisit(position - 1, geti(codes, position - 1), load<u32>(faults + (<usize>(position - 1) << 2)));
      writeInserted(position, inserted, insertedFaults, insertedCount);
    }
    priceScratch(route, count + insertedCount, out + (<usize>(position * POSITION_STRIDE) << 3));
  }
}
