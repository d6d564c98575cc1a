/**
 * The insertion-position kernel (assembly/vrp/dispatch/positions.ts) on a bound problem whose visit arrays keep
 * scratch room: prices a route's visits as they stand, or with one job at every position, by the full timing
 * scan — the numbers evaluate computes for the same route.
 */
import type { BoundProblem, RouteTiming } from './vrp-bound-problem.js';

interface DispatchExports {
  memory: WebAssembly.Memory;
  dispatchBind(header: number, scratch: number, room: number): void;
  dispatchPriceVisits(route: number, codes: number, faults: number, count: number, out: number): void;
  dispatchTimeVisits(route: number, codes: number, faults: number, count: number): void;
  dispatchStops(): number;
  dispatchSummary(): number;
  dispatchStopRoom(): number;
  dispatchReserveStops(count: number): void;
  dispatchPricePositions(route: number, codes: number, faults: number, count: number, inserted: number, insertedFaults: number, insertedCount: number, out: number): void;
}

/** Values per priced position (POSITION_STRIDE in the kernel). */
const STRIDE = 3;
/** The most visits inserted at once: a job and a depot visit before and after it. */
const MAX_INSERTED = 4;

export interface RoutePrice {
  internalCost: number;
  hard: number;
  violations: number;
}

/** A route's visits as the kernel codes them: job index ≥ 0, or −(place + 1) for a depot visit, with eligibility bits. */
export interface VisitCodes {
  codes: Int32Array;
  faults: Uint32Array;
}

export class DispatchKernel {
  private readonly exports: DispatchExports;
  private readonly codes: number;
  private readonly faults: number;
  private readonly out: number;
  private readonly inserted: number;
  private readonly insertedFaults: number;

  /** `room`: the most visits a candidate route may have; the bound problem's visit arrays hold that many from `scratch`. */
  constructor(readonly bound: BoundProblem, scratch: number, private readonly room: number) {
    this.exports = bound.kernel.exports as unknown as DispatchExports;
    this.exports.dispatchBind(bound.headerAddress, scratch, room);
    this.codes = bound.allocateF64(Math.ceil(room / 2) + 1);
    this.faults = bound.allocateF64(Math.ceil(room / 2) + 1);
    this.out = bound.allocateF64((room + 2) * STRIDE);
    this.inserted = bound.allocateF64(MAX_INSERTED);
    this.insertedFaults = bound.allocateF64(MAX_INSERTED);
  }

  private copyVisits(visits: VisitCodes, codes = this.codes, faults = this.faults): number {
    const count = visits.codes.length;
    new Int32Array(this.exports.memory.buffer, codes, count).set(visits.codes);
    new Uint32Array(this.exports.memory.buffer, faults, count).set(visits.faults);
    return count;
  }

  priceVisits(route: number, visits: VisitCodes): RoutePrice {
    const count = this.copyVisits(visits);
    this.exports.dispatchPriceVisits(route, this.codes, this.faults, count, this.out);
    const [internalCost, hard, violations] = this.bound.f64View(this.out, STRIDE);
    return { internalCost: internalCost!, hard: hard!, violations: violations! };
  }

  /** The route's itinerary and summary with these visits, as timeRoute writes them for evaluate. */
  timeVisits(route: number, visits: VisitCodes): RouteTiming {
    const count = this.copyVisits(visits);
    this.exports.dispatchTimeVisits(route, this.codes, this.faults, count);
    const { layout } = this.bound.kernel;
    let summary = this.bound.f64View(this.exports.dispatchSummary(), layout.ROUTE_SUMMARY_SIZE).slice();
    const stopCount = summary[layout.R_STOP_COUNT]!;
    if (stopCount > this.exports.dispatchStopRoom()) {
      // Legal breaks can outnumber any estimate: time again with room for all of them.
      this.exports.dispatchReserveStops(stopCount);
      this.exports.dispatchTimeVisits(route, this.codes, this.faults, count);
      summary = this.bound.f64View(this.exports.dispatchSummary(), layout.ROUTE_SUMMARY_SIZE).slice();
    }
    return { stops: this.bound.f64View(this.exports.dispatchStops(), stopCount * layout.STOP_STRIDE).slice(), stopCount, summary };
  }

  /**
   * Prices for `inserted` (a job, or a job with a depot visit) before visit 0, 1, …, and last: STRIDE values each
   * (internal cost, hard, violations).
   */
  pricePositions(route: number, visits: VisitCodes, inserted: VisitCodes): Float64Array {
    if (visits.codes.length + inserted.codes.length >= this.room || inserted.codes.length > MAX_INSERTED) {
      throw new RangeError(`a candidate of ${visits.codes.length + inserted.codes.length} visits exceeds the dispatch room of ${this.room}`);
    }
    const count = this.copyVisits(visits);
    const insertedCount = this.copyVisits(inserted, this.inserted, this.insertedFaults);
    this.exports.dispatchPricePositions(route, this.codes, this.faults, count, this.inserted, this.insertedFaults, insertedCount, this.out);
    return this.bound.f64View(this.out, (count + 1) * STRIDE).slice();
  }
}

export function positionPrice(prices: Float64Array, position: number): RoutePrice {
  const at = position * STRIDE;
  return { internalCost: prices[at]!, hard: prices[at + 1]!, violations: prices[at + 2]! };
}

export function positionCount(prices: Float64Array): number {
  return prices.length / STRIDE;
}
