// Insert and recommend: every position of one job on one route, each timed by the full route timing scan
// (route-timing.ts), so breaks, second windows, depot visits and their attributes count exactly as evaluate
// counts them. The route's current visits (depot visits included) come from the host; each candidate is
// written into the scratch part of the bound problem's visit arrays, the route pointed at it, timed, and the
// route restored.
import { H_VISIT_FAULTS, H_VISITS, R_INTERNAL_COST, R_VIOLATION_COUNT, ROUTE_SUMMARY_SIZE, STOP_STRIDE } from '../layout';
import { hardViolationsOf } from '../penalties';
import { timeRouteWithVisits } from '../route-timing';
import { geti, getf, seti, setf } from '../search/memory';

/** Values written per priced position: internal cost, hard violations, all violations. */
export const POSITION_STRIDE: i32 = 3;

let visitCodes: usize = 0;
let visitFaultBits: usize = 0;
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
  scratchVisit = scratch;
  stopRoom = 3 * room + 64;
  stops = __alloc(<usize>(stopRoom * STOP_STRIDE) << 3);
  summary = __alloc(<usize>ROUTE_SUMMARY_SIZE << 3);
}

/** Times `route` with the `count` scratch visits written, and writes its price at `out`. */
function priceScratch(route: i32, count: i32, out: usize): void {
  timeRouteWithVisits(route, scratchVisit, count, stops, stopRoom, summary);
  setf(out, 0, getf(summary, R_INTERNAL_COST));
  setf(out, 1, <f64>hardViolationsOf(summary, stops, stopRoom));
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

/**
 * Like dispatchPriceVisits, but keeps the itinerary: the stop records and summary of the last timing stay at
 * dispatchStops() and dispatchSummary() (at most dispatchStopRoom() stops), for the host to decode.
 */
export function dispatchTimeVisits(route: i32, codes: usize, faults: usize, count: i32): void {
  for (let index = 0; index < count; index++) writeVisit(index, geti(codes, index), load<u32>(faults + (<usize>index << 2)));
  timeRouteWithVisits(route, scratchVisit, count, stops, stopRoom, summary);
}

export function dispatchStops(): usize {
  return stops;
}

export function dispatchSummary(): usize {
  return summary;
}

export function dispatchStopRoom(): i32 {
  return stopRoom;
}

/** Room for at least `count` stops: legal breaks can outnumber any estimate from the visit count. */
export function dispatchReserveStops(count: i32): void {
  if (count <= stopRoom) return;
  stopRoom = count;
  stops = __alloc(<usize>(stopRoom * STOP_STRIDE) << 3);
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
