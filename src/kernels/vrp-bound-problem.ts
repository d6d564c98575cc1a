/**
 * A FlatProblem and its travel matrices copied into the VRP kernel's memory and bound there. One problem is
 * bound per thread at a time: binding resets the kernel's arena, so an older BoundProblem must not be used
 * after a newer one was created. A problem bound with given legs and empty matrices (plan-timing.ts) can time
 * its routes as given, but not price other orders (segment summaries read the matrices).
 */
import type { FlatProblem } from '../problem/flatten/flat-problem.js';
import type { TravelMatrices } from '../problem/travel/travel-costs.js';
import { vrpKernel, type VrpKernel } from './vrp-module.js';

type TypedArray = Float64Array | Int32Array | Uint32Array | Uint8Array;

/** One route as timed by the kernel: its stop records (STOP_STRIDE values each) and its summary (R_*). */
export interface RouteTiming {
  stops: Float64Array;
  stopCount: number;
  summary: Float64Array;
}

export class BoundProblem {
  readonly kernel: VrpKernel;
  private stopsAddress = 0;
  private stopsCapacity = 0;
  private readonly summaryAddress: number;
  /** Where the header (layout.ts H_*) lies in the kernel's memory: the search reads the visit arrays from it. */
  readonly headerAddress: number;

  constructor(readonly flat: FlatProblem, matrices: readonly TravelMatrices[]) {
    this.kernel = vrpKernel();
    const { exports, layout } = this.kernel;
    exports.resetArena();
    const header = new Float64Array(layout.HEADER_SIZE);
    const place = (slot: number, array: TypedArray) => (header[slot] = this.copyIn(array));
    header[layout.H_PLACE_COUNT] = flat.placeCount;
    header[layout.H_JOB_COUNT] = flat.jobCount;
    header[layout.H_ROUTE_COUNT] = flat.routeCount;
    header[layout.H_CLASS_COUNT] = matrices.length;
    header[layout.H_LOAD_METRICS] = flat.loadMetrics;
    header[layout.H_ATTRIBUTE_WORDS] = flat.attributeWords;
    header[layout.H_HARD_WINDOWS] = flat.hardWindows ? 1 : 0;
    header[layout.H_CRITICAL_MASK] = flat.criticalMask;
    header[layout.H_LEGAL_BREAKS] = flat.legalBreaks ? 1 : 0;
    header[layout.H_LEGAL_DURATION] = flat.legalBreakDuration;
    header[layout.H_LEGAL_INTERVAL] = flat.legalBreakInterval;
    place(layout.H_CLASS_DURATIONS, Uint32Array.from(matrices, (matrix) => this.copyIn(matrix.durations)));
    place(layout.H_CLASS_DISTANCES, Uint32Array.from(matrices, (matrix) => this.copyIn(matrix.distances)));
    place(layout.H_CLASS_SLOTS, Int32Array.from(matrices, (matrix) => matrix.slots));
    place(layout.H_JOB_LOCATION, flat.jobLocation);
    place(layout.H_JOB_EXIT_LOCATION, flat.jobExitLocation);
    place(layout.H_JOB_TIME_ON_SITE, flat.jobTimeOnSite);
    place(layout.H_JOB_EXIT_TIME_ON_SITE, flat.jobExitTimeOnSite);
    place(layout.H_JOB_WINDOW_COUNT, flat.jobWindowCount);
    place(layout.H_JOB_WINDOWS, flat.jobWindows);
    place(layout.H_JOB_LOADS, flat.jobLoads);
    place(layout.H_JOB_PRE_DEPOT_NEED, flat.jobPreDepotNeed);
    place(layout.H_JOB_POST_DEPOT_NEED, flat.jobPostDepotNeed);
    place(layout.H_PLACE_DEPOT_ATTRIBUTES, flat.placeDepotAttributes);
    place(layout.H_ROUTE_VISIT_START, flat.routeVisitStart);
    place(layout.H_ROUTE_VISIT_COUNT, flat.routeVisitCount);
    place(layout.H_VISITS, flat.visits);
    place(layout.H_VISIT_FAULTS, flat.visitFaults);
    place(layout.H_ROUTE_CLASS, flat.routeClass);
    place(layout.H_ROUTE_START_PLACE, flat.routeStartPlace);
    place(layout.H_ROUTE_END_PLACE, flat.routeEndPlace);
    place(layout.H_ROUTE_PARAMETERS, flat.routeParameters);
    place(layout.H_ROUTE_BREAK_START, flat.routeBreakStart);
    place(layout.H_ROUTE_BREAK_COUNT, flat.routeBreakCount);
    place(layout.H_BREAKS, flat.breaks);
    place(layout.H_ROUTE_LEG_START, flat.routeLegStart);
    place(layout.H_LEG_DURATIONS, flat.legDurations);
    place(layout.H_LEG_DISTANCES, flat.legDistances);
    place(layout.H_JOB_ROUTE_PULL, flat.jobRoutePull);
    header[layout.H_CENTROID_PULLS] = flat.jobRoutePull.length > 0 ? 1 : 0;
    place(layout.H_CLASS_UNSAFE_PLACES, Uint32Array.from(matrices, (matrix) => this.copyIn(matrix.unsafePlaces)));
    place(layout.H_LEG_UNSAFE, flat.legUnsafe);
    header[layout.H_ANY_UNSAFE] = matrices.some((matrix) => matrix.unsafePlaces.includes(1)) ? 1 : 0;
    this.summaryAddress = exports.allocate(layout.ROUTE_SUMMARY_SIZE * 8);
    this.headerAddress = this.copyIn(header);
    exports.bindProblem(this.headerAddress);
  }

  /** Copies an array into the kernel's memory (at least one element's room, so no address is shared). */
  copyIn(array: TypedArray): number {
    const address = this.kernel.exports.allocate(Math.max(array.byteLength, 8));
    const bytes = new Uint8Array(this.kernel.exports.memory.buffer, address, array.byteLength);
    bytes.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
    return address;
  }

  /** Scratch of `count` f64 values in the kernel's memory (segment summaries, for the search). */
  allocateF64(count: number): number {
    return this.kernel.exports.allocate(count * 8);
  }

  f64View(address: number, count: number): Float64Array {
    return new Float64Array(this.kernel.exports.memory.buffer, address, count);
  }

  timeRoute(route: number): RouteTiming {
    const { exports, layout } = this.kernel;
    const visits = this.flat.routeVisitCount[route] ?? 0;
    const breaks = this.flat.routeBreakCount[route] ?? 0;
    this.ensureStopRoom(2 * visits + breaks + 8);
    exports.timeRoute(route, this.stopsAddress, this.stopsCapacity, this.summaryAddress);
    let stopCount = this.f64View(this.summaryAddress, layout.ROUTE_SUMMARY_SIZE)[layout.R_STOP_COUNT]!;
    if (stopCount > this.stopsCapacity) {
      // Legal breaks can outnumber any estimate: time again with room for all of them.
      this.ensureStopRoom(stopCount);
      exports.timeRoute(route, this.stopsAddress, this.stopsCapacity, this.summaryAddress);
      stopCount = this.f64View(this.summaryAddress, layout.ROUTE_SUMMARY_SIZE)[layout.R_STOP_COUNT]!;
    }
    return {
      stops: this.f64View(this.stopsAddress, stopCount * layout.STOP_STRIDE).slice(),
      stopCount,
      summary: this.f64View(this.summaryAddress, layout.ROUTE_SUMMARY_SIZE).slice(),
    };
  }

  private ensureStopRoom(stops: number): void {
    if (stops <= this.stopsCapacity) return;
    this.stopsCapacity = Math.max(stops, this.stopsCapacity * 2);
    this.stopsAddress = this.allocateF64(this.stopsCapacity * this.kernel.layout.STOP_STRIDE);
  }
}
