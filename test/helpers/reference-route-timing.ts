// The reference the route timing kernel (assembly/vrp/route-timing.ts) is tested against: the same rules
// (docs/api.md, Problem fields to Breaks) written as plainly as possible over a FlatProblem, with nothing shared with
// the kernel but the layout of the flat arrays (read from the module), so that a disagreement points at one of
// the two. Never on the product path.
import type { FlatProblem } from '../../src/problem/flatten/flat-problem.js';
import type { TravelMatrices } from '../../src/problem/travel/travel-costs.js';
import { vrpKernel } from '../../src/kernels/vrp-module.js';
import type { StopKind, TimedRoute, TimedStop } from '../../src/kernels/vrp-records.js';

const layout = vrpKernel().layout;

const HARD = 10000;
const TIME_WINDOW_BIT = 1 << 0;
const PRE_DEPOT_BIT = 1 << 8;
const POST_DEPOT_BIT = 1 << 9;
const NO_SAFE_ROUTE_BIT = 1 << 10;
const STOP_TYPE_COUNT = 11;
const ROUTE_BITS = { working: 0, driving: 1, endTime: 2, load: 3, jobs: 4, breaks: 5, overtime: 6 } as const;

interface PendingBreak { index: number; earliest: number; latest: number; length: number }

function popcount(bits: number): number {
  let count = 0;
  for (let rest = bits >>> 0; rest !== 0; rest &= rest - 1) count++;
  return count;
}

class RouteRun {
  readonly stops: TimedStop[] = [];
  now: number;
  here = -1;
  distance = 0;
  driving = 0;
  idle = 0;
  drivenSinceRest = 0;
  legalCount = 0;
  notTaken = 0;
  pending: PendingBreak[] = [];
  onBoard: number[];
  peaks: number[];
  lastDepot: number;
  segmentStart = 0;
  /** The route's wall clock on a day the clocks change: it jumps by `clockShift` at `clockChange` (elapsed). */
  clockChange: number;
  clockShift: number;

  constructor(readonly flat: FlatProblem, readonly matrices: TravelMatrices, readonly route: number) {
    this.now = parameter(flat, route, layout.RP_START_TIME);
    this.clockChange = parameter(flat, route, layout.RP_CLOCK_CHANGE);
    this.clockShift = parameter(flat, route, layout.RP_CLOCK_SHIFT);
    this.lastDepot = flat.routeStartPlace[route]!;
    this.onBoard = new Array<number>(layout.MAX_METRICS).fill(0);
    this.peaks = new Array<number>(layout.MAX_METRICS).fill(0);
    const first = flat.routeBreakStart[route]!;
    for (let index = first; index < first + flat.routeBreakCount[route]!; index++) {
      const at = index * layout.BREAK_STRIDE;
      const [earliest, latest, length] = [flat.breaks[at + layout.BREAK_EARLIEST_START]!, flat.breaks[at + layout.BREAK_LATEST_START]!, flat.breaks[at + layout.BREAK_LENGTH]!];
      if (latest < this.now) this.notTaken++;
      else this.pending.push({ index, earliest, latest, length });
    }
  }

  visits(): number[] {
    const start = this.flat.routeVisitStart[this.route]!;
    return Array.from(this.flat.visits.subarray(start, start + this.flat.routeVisitCount[this.route]!));
  }

  push(kind: StopKind, ref: number, place: number, arrival: number, fields: Partial<TimedStop> = {}): TimedStop {
    const stop: TimedStop = {
      kind, ref, place, arrival, idle: 0, departure: arrival, timeOnSite: 0, distanceTo: 0, timeTo: 0, violations: 0,
      serviceStart: arrival, windowEnd: Infinity, loads: this.onBoard.slice(0, this.flat.loadMetrics), ...fields,
    };
    this.stops.push(stop);
    return stop;
  }

  takeBreak(at: number): number {
    const next = this.pending.shift()!;
    this.push('break', next.index, -1, at, { departure: at + next.length, timeOnSite: next.length });
    if (next.length >= this.flat.legalBreakDuration) this.drivenSinceRest = 0;
    return at + next.length;
  }

  takeDueBreaks(): void {
    while (this.pending.length > 0 && this.pending[0]!.earliest <= this.now) this.now = this.takeBreak(this.now);
  }

  /** Driving with the breaks that come due on the way, one event at a time. */
  drive(seconds: number): void {
    let remaining = seconds;
    for (;;) {
      const nextScheduled = this.pending[0];
      const scheduledIn = nextScheduled && nextScheduled.earliest < this.now + remaining ? Math.max(nextScheduled.earliest - this.now, 0) : Infinity;
      const legalIn = this.flat.legalBreaks ? Math.max(this.flat.legalBreakInterval - this.drivenSinceRest, 0) : Infinity;
      const legalDue = legalIn < remaining;
      if (scheduledIn === Infinity && !legalDue) break;
      const step = Math.min(scheduledIn, legalIn);
      this.now += step;
      remaining -= step;
      this.drivenSinceRest += step;
      if (scheduledIn <= legalIn) {
        this.now = this.takeBreak(this.now);
      } else {
        const duration = this.flat.legalBreakDuration;
        this.push('legal_break', this.legalCount++, -1, this.now, { departure: this.now + duration, timeOnSite: duration });
        this.now += duration;
        this.drivenSinceRest = 0;
      }
    }
    this.now += remaining;
    this.drivenSinceRest += remaining;
  }

  /** Travels to `place`; returns the leg's seconds, metres and whether it was unsafe. */
  travelTo(place: number): { seconds: number; metres: number; unsafe: boolean } {
    this.takeDueBreaks();
    let seconds = 0, metres = 0, unsafe = false;
    if (this.here >= 0) {
      const size = this.matrices.size;
      const wallNow = this.now < this.clockChange ? this.now : this.now + this.clockShift;
      const slot = this.matrices.slots === 1 ? 0 : ((Math.floor(wallNow / 3600) % this.matrices.slots) + this.matrices.slots) % this.matrices.slots;
      seconds = this.matrices.durations[(slot * size + this.here) * size + place]!;
      metres = this.matrices.distances[this.here * size + place]!;
      unsafe = this.matrices.unsafePlaces[place] === 1;
      if (seconds < 0 || metres < 0) {
        seconds = metres = 0;
        unsafe = true;
      }
    }
    this.drive(seconds);
    this.distance += metres;
    this.driving += seconds;
    this.here = place;
    return { seconds, metres, unsafe };
  }

  legFields(leg: { seconds: number; metres: number; unsafe: boolean }): Partial<TimedStop> {
    return { timeTo: leg.seconds, distanceTo: leg.metres, violations: leg.unsafe ? NO_SAFE_ROUTE_BIT : 0 };
  }

  writeLoads(stop: TimedStop): void {
    stop.loads = this.onBoard.slice(0, this.flat.loadMetrics);
  }

  notePeaks(): void {
    this.onBoard.forEach((load, metric) => (this.peaks[metric] = Math.max(this.peaks[metric]!, load)));
  }

  reload(remainingVisits: number[]): void {
    this.onBoard.fill(0);
    for (const code of remainingVisits) {
      if (code < 0) break;
      for (let metric = 0; metric < this.flat.loadMetrics; metric++) this.onBoard[metric]! += Math.max(this.flat.jobLoads[code * layout.MAX_METRICS + metric]!, 0);
    }
    this.notePeaks();
  }

  depotHas(place: number, job: number, needs: Uint32Array): boolean {
    const words = this.flat.attributeWords;
    for (let word = 0; word < words; word++) {
      const need = needs[job * words + word]!;
      if (need === 0) continue;
      if (place < 0 || (this.flat.placeDepotAttributes[place * words + word]! & need) !== need) return false;
    }
    return true;
  }

  checkPostDepot(place: number): void {
    for (const stop of this.stops.slice(this.segmentStart)) {
      if (stop.kind === 'job' && !this.depotHas(place, stop.ref, this.flat.jobPostDepotNeed)) stop.violations |= POST_DEPOT_BIT;
    }
  }

  /** A wall-clock window bound on the route's elapsed clock (a skipped time is the jump; a repeated one, its first). */
  elapsed(wall: number): number {
    return wall < this.clockChange ? wall : Math.max(this.clockChange, wall - this.clockShift);
  }

  /** Service start for a vehicle ready at `ready`, and the end of the window it was measured against. */
  service(job: number, ready: number): { start: number; windowEnd: number } {
    let windowEnd = Infinity;
    for (let window = 0; window < this.flat.jobWindowCount[job]!; window++) {
      windowEnd = this.elapsed(this.flat.jobWindows[job * layout.JOB_WINDOW_STRIDE + window * 2 + 1]!);
      if (ready <= windowEnd) return { start: Math.max(ready, this.elapsed(this.flat.jobWindows[job * layout.JOB_WINDOW_STRIDE + window * 2]!)), windowEnd };
    }
    return { start: ready, windowEnd };
  }

  serveJob(job: number, faults: number): void {
    const place = this.flat.jobLocation[job]!;
    const leg = this.travelTo(place);
    let ready = this.now;
    let { start, windowEnd } = this.service(job, ready);
    while (this.pending.length > 0 && this.pending[0]!.earliest < start) {
      ready = this.takeBreak(Math.max(ready, this.pending[0]!.earliest));
      ({ start, windowEnd } = this.service(job, ready));
    }
    const timeOnSite = this.flat.jobTimeOnSite[job]!;
    const stop = this.push('job', job, place, ready, { ...this.legFields(leg), idle: start - ready, departure: start + timeOnSite, timeOnSite, serviceStart: start, windowEnd });
    stop.violations |= faults;
    if (start > windowEnd) stop.violations |= TIME_WINDOW_BIT;
    if (!this.depotHas(this.lastDepot, job, this.flat.jobPreDepotNeed)) stop.violations |= PRE_DEPOT_BIT;
    this.idle += start - ready;
    this.now = start + timeOnSite;
    for (let metric = 0; metric < this.flat.loadMetrics; metric++) {
      const amount = this.flat.jobLoads[job * layout.MAX_METRICS + metric]!;
      this.onBoard[metric] = this.onBoard[metric]! - Math.max(amount, 0) + Math.max(-amount, 0);
    }
    this.notePeaks();
    this.writeLoads(stop);
    const exit = this.flat.jobExitLocation[job]!;
    if (exit < 0) return;
    const exitLeg = this.travelTo(exit);
    const exitTime = this.flat.jobExitTimeOnSite[job]!;
    const exitStop = this.push('job_exit', job, exit, this.now, { ...this.legFields(exitLeg), departure: this.now + exitTime, timeOnSite: exitTime });
    this.now += exitTime;
    this.writeLoads(exitStop);
  }
}

function parameter(flat: FlatProblem, route: number, field: number): number {
  return flat.routeParameters[route * layout.RP_STRIDE + field]!;
}

function score(run: RouteRun, timed: TimedRoute): void {
  const { flat, route } = run;
  const hardWindows = flat.hardWindows || (flat.criticalMask & TIME_WINDOW_BIT) !== 0;
  const critical = (bit: number) => (flat.criticalMask & (1 << (STOP_TYPE_COUNT + bit))) !== 0;
  let penalty = 0;
  let count = 0;
  for (const stop of run.stops) {
    const late = Math.max(stop.serviceStart - stop.windowEnd, 0);
    timed.lateness += late;
    count += popcount(stop.violations);
    const others = popcount(stop.violations & ~TIME_WINDOW_BIT);
    penalty += others * HARD + ((stop.violations & TIME_WINDOW_BIT) !== 0 ? (hardWindows ? HARD + late : late / 60) : 0);
  }
  const costPerHour = parameter(flat, route, layout.RP_COST_PER_HOUR);
  timed.working = timed.end - timed.start;
  timed.cost = timed.jobCount > 0 ? parameter(flat, route, layout.RP_FIXED_COST) + costPerHour * timed.working / 3600 + parameter(flat, route, layout.RP_COST_PER_KM) * timed.distance / 1000 : 0;
  const exceed = (bit: number, value: number, limit: number) => {
    if (value <= limit) return;
    timed.violations |= 1 << bit;
    penalty += HARD + value - limit;
    count++;
  };
  exceed(ROUTE_BITS.working, timed.working, parameter(flat, route, layout.RP_MAX_WORKING));
  exceed(ROUTE_BITS.driving, timed.driving, parameter(flat, route, layout.RP_MAX_DRIVING));
  exceed(ROUTE_BITS.endTime, timed.end, parameter(flat, route, layout.RP_END_TIME));
  timed.peakLoads.forEach((peak, metric) => exceed(ROUTE_BITS.load, peak, parameter(flat, route, layout.RP_CAPACITY + metric)));
  exceed(ROUTE_BITS.jobs, timed.jobCount, parameter(flat, route, layout.RP_MAX_JOBS));
  if (timed.breaksNotTaken > 0) {
    timed.violations |= 1 << ROUTE_BITS.breaks;
    penalty += timed.breaksNotTaken * (critical(ROUTE_BITS.breaks) ? HARD : 100);
    count++;
  }
  const overtime = timed.working - parameter(flat, route, layout.RP_NORMAL_WORKING);
  if (overtime > 0) {
    timed.violations |= 1 << ROUTE_BITS.overtime;
    penalty += critical(ROUTE_BITS.overtime) ? HARD + overtime : 1.5 * costPerHour * overtime / 3600;
    count++;
  }
  timed.internalCost = timed.cost + penalty;
  timed.violationCount = count;
}

export function referenceTimeRoute(flat: FlatProblem, matrices: TravelMatrices, route: number): TimedRoute {
  const run = new RouteRun(flat, matrices, route);
  const startTime = run.now;
  const timed: TimedRoute = {
    jobCount: 0, distance: 0, driving: 0, working: 0, idle: 0, start: startTime, end: startTime, cost: 0, internalCost: 0,
    violations: 0, breaksNotTaken: 0, peakLoads: new Array<number>(flat.loadMetrics).fill(0), violationCount: 0, lateness: 0, stops: run.stops,
  };
  const visits = run.visits();
  if (visits.length === 0) return timed;
  const startPlace = flat.routeStartPlace[route]!;
  const firstPlace = visits[0]! >= 0 ? flat.jobLocation[visits[0]!]! : -visits[0]! - 1;
  const startStop = run.push('start_depot', startPlace, startPlace >= 0 ? startPlace : firstPlace, startTime);
  run.here = startPlace;
  run.reload(visits);
  run.writeLoads(startStop);
  run.segmentStart = run.stops.length;
  visits.forEach((code, position) => {
    if (code >= 0) {
      run.serveJob(code, flat.visitFaults[flat.routeVisitStart[route]! + position]!);
      return;
    }
    const place = -code - 1;
    const leg = run.travelTo(place);
    const stop = run.push('depot_visit', place, place, run.now, run.legFields(leg));
    run.checkPostDepot(place);
    run.reload(visits.slice(position + 1));
    run.writeLoads(stop);
    run.lastDepot = place;
    run.segmentStart = run.stops.length;
  });
  const endPlace = flat.routeEndPlace[route]!;
  let endStop: TimedStop;
  if (endPlace >= 0) {
    const leg = run.travelTo(endPlace);
    endStop = run.push('end_depot', endPlace, endPlace, run.now, run.legFields(leg));
  } else {
    run.takeDueBreaks();
    endStop = run.push('end_depot', run.here, run.here, run.now);
  }
  run.writeLoads(endStop);
  run.checkPostDepot(endPlace);
  Object.assign(timed, {
    jobCount: run.stops.filter((stop) => stop.kind === 'job').length,
    distance: run.distance, driving: run.driving, idle: run.idle, end: run.now,
    breaksNotTaken: run.notTaken + run.pending.length,
    peakLoads: run.peaks.slice(0, flat.loadMetrics),
  });
  score(run, timed);
  return timed;
}
