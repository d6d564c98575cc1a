// The stop records timeRoute writes for the host (layout: S_* in layout.ts). Writes past the host's capacity
// are skipped but still counted, so the host can call again with room for every stop. A stop records the load
// on board when it is pushed; the stops that change the load write it again once they have.
import { loadOnBoard } from './loads';
import { MAX_METRICS, S_ARRIVAL, S_DEPARTURE, S_DISTANCE_TO, S_IDLE, S_KIND, S_LOAD, S_PLACE, S_REF,
  S_SERVICE_START, S_TIME_ON_SITE, S_TIME_TO, S_VIOLATIONS, S_WINDOW_END, STOP_STRIDE } from './layout';

let records: usize = 0;
let capacity: i32 = 0;
let count: i32 = 0;

export function beginItinerary(out: usize, room: i32): void {
  records = out;
  capacity = room;
  count = 0;
}

export function stopCount(): i32 {
  return count;
}

@inline function slot(stop: i32, field: i32): usize {
  return records + ((<usize>(stop * STOP_STRIDE + field)) << 3);
}

export function setStopField(stop: i32, field: i32, value: f64): void {
  if (stop < capacity) store<f64>(slot(stop, field), value);
}

export function stopField(stop: i32, field: i32): f64 {
  return stop < capacity ? load<f64>(slot(stop, field)) : 0;
}

/** Appends a stop that starts at `arrival` and is left at `arrival + idle + timeOnSite`; returns its index. */
export function pushStop(kind: i32, ref: i32, place: i32, arrival: f64, idle: f64, timeOnSite: f64,
                         distanceTo: f64, timeTo: f64): i32 {
  const stop = count++;
  if (stop >= capacity) return stop;
  setStopField(stop, S_KIND, <f64>kind);
  setStopField(stop, S_REF, <f64>ref);
  setStopField(stop, S_PLACE, <f64>place);
  setStopField(stop, S_ARRIVAL, arrival);
  setStopField(stop, S_IDLE, idle);
  setStopField(stop, S_DEPARTURE, arrival + idle + timeOnSite);
  setStopField(stop, S_TIME_ON_SITE, timeOnSite);
  setStopField(stop, S_DISTANCE_TO, distanceTo);
  setStopField(stop, S_TIME_TO, timeTo);
  setStopField(stop, S_VIOLATIONS, 0);
  setStopField(stop, S_SERVICE_START, arrival + idle);
  setStopField(stop, S_WINDOW_END, Infinity);
  for (let metric = 0; metric < MAX_METRICS; metric++) setStopField(stop, S_LOAD + metric, loadOnBoard(metric));
  return stop;
}

export function addStopViolations(stop: i32, bits: u32): void {
  setStopField(stop, S_VIOLATIONS, <f64>(<u32>stopField(stop, S_VIOLATIONS) | bits));
}
