// Loads per metric along a route. A depot visit (and the route's start) reloads: the vehicle leaves it carrying
// every delivery (positive load) until the next depot visit, and picks up (negative load) on the way.
import { MAX_METRICS } from './layout';
import { jobLoad, loadMetrics, visitAt } from './problem';

// Static scratch, never allocated (the host resets the arena between problems).
const onBoard = memory.data(MAX_METRICS * 8);
const peak = memory.data(MAX_METRICS * 8);

@inline function cell(array: usize, metric: i32): usize {
  return array + (<usize>metric << 3);
}

export function loadOnBoard(metric: i32): f64 {
  return load<f64>(cell(onBoard, metric));
}

export function peakLoad(metric: i32): f64 {
  return load<f64>(cell(peak, metric));
}

export function resetPeaks(): void {
  for (let metric = 0; metric < MAX_METRICS; metric++) store<f64>(cell(peak, metric), 0);
}

function notePeaks(): void {
  for (let metric = 0; metric < loadMetrics; metric++) {
    store<f64>(cell(peak, metric), Math.max(peakLoad(metric), loadOnBoard(metric)));
  }
}

/** Loads the deliveries of the visits from `visit` up to the next depot visit (or `end`). */
export function reloadFrom(visit: i32, end: i32): void {
  for (let metric = 0; metric < MAX_METRICS; metric++) store<f64>(cell(onBoard, metric), 0);
  for (let next = visit; next < end; next++) {
    const code = visitAt(next);
    if (code < 0) break;
    for (let metric = 0; metric < loadMetrics; metric++) {
      store<f64>(cell(onBoard, metric), loadOnBoard(metric) + Math.max(jobLoad(code, metric), 0));
    }
  }
  notePeaks();
}

/** Hands over the job's delivery and takes its pickup. */
export function serveLoad(job: i32): void {
  for (let metric = 0; metric < loadMetrics; metric++) {
    const amount = jobLoad(job, metric);
    store<f64>(cell(onBoard, metric), loadOnBoard(metric) - Math.max(amount, 0) + Math.max(-amount, 0));
  }
  notePeaks();
}
