/**
 * The plan insert and recommend work on: the routes as given (depot visits included, order kept), bound once
 * in the VRP kernel with room for candidate routes, each route's current price, and positions priced by the
 * dispatch kernel. Inserting a job only adds a visit; nothing already on a route moves.
 */
import { BoundProblem } from '../../kernels/vrp-bound-problem.js';
import { DispatchKernel, type RoutePrice, type VisitCodes } from '../../kernels/vrp-dispatch.js';
import type { FlatProblem } from '../../problem/flatten/flat-problem.js';
import { flattenProblem } from '../../problem/flatten/flatten-problem.js';
import { eligibilityBits } from '../../problem/flatten/eligibility.js';
import type { Job, Problem, Route, RouteVisit } from '../../problem/model.js';
import { placementsFrom, type RoutePlacements } from '../unrouted/placements.js';
import { decodeRoute, type TimedRoute } from '../../kernels/vrp-records.js';
import { travelMatricesOf } from '../plan-timing.js';
import type { SearchTravel } from '../search/plan-search.js';

function codeOf(visit: RouteVisit): number {
  return visit.kind === 'job' ? visit.job.index : -(visit.place.index + 1);
}

function visitCodes(route: Route, visits: readonly RouteVisit[]): VisitCodes {
  return {
    codes: Int32Array.from(visits, codeOf),
    faults: Uint32Array.from(visits, (visit) => (visit.kind === 'job' ? eligibilityBits(visit.job, route) : 0)),
  };
}

/** The flat problem with `room` more entries in its visit arrays, where candidate routes are written. */
function withScratch(flat: FlatProblem, room: number): FlatProblem {
  const visits = new Int32Array(flat.visits.length + room);
  visits.set(flat.visits);
  const visitFaults = new Uint32Array(visits.length);
  visitFaults.set(flat.visitFaults);
  return { ...flat, visits, visitFaults };
}

/** Number of job visits before visit `position`: the `job_index` of docs/api.md, Dispatching. */
export function jobIndexAt(visits: readonly RouteVisit[], position: number): number {
  let jobs = 0;
  for (let index = 0; index < position; index++) if (visits[index]!.kind === 'job') jobs++;
  return jobs;
}

export class DispatchPlan {
  readonly visits: RouteVisit[][];
  readonly prices: RoutePrice[];
  private readonly codes: VisitCodes[];
  /** How many times each route changed: what was priced on an older version no longer holds. */
  private readonly versions: number[];
  /** Per job and route, the places of the job alone as last priced (to explain the jobs insert leaves out). */
  private readonly placements = new Map<number, { version: number; placements: RoutePlacements }>();

  private constructor(readonly problem: Problem, readonly travel: SearchTravel, private readonly kernel: DispatchKernel) {
    this.visits = problem.routes.map((route) => [...route.visits]);
    this.codes = problem.routes.map((route) => visitCodes(route, route.visits));
    this.prices = problem.routes.map((route) => kernel.priceVisits(route.index, this.codes[route.index]!));
    this.versions = problem.routes.map(() => 0);
  }

  static async of(problem: Problem): Promise<DispatchPlan> {
    return DispatchPlan.withTravel(problem, await travelMatricesOf(problem));
  }

  /** `travel`: the matrices of the problem's places and route classes, already obtained (by the search). */
  static withTravel(problem: Problem, travel: SearchTravel): DispatchPlan {
    const { matrices, classOfRoute } = travel;
    const flat = flattenProblem(problem, classOfRoute);
    // The longest candidate: every visit of the plan and every job on one route, each with a reload visit.
    const room = flat.visits.length + 2 * problem.jobs.length + 4;
    const bound = new BoundProblem(withScratch(flat, room), matrices);
    return new DispatchPlan(problem, travel, new DispatchKernel(bound, flat.visits.length, room));
  }

  /** Prices of the route with `inserted` before each of its visits, and last (vrp-dispatch.ts). */
  positions(inserted: readonly RouteVisit[], route: Route): Float64Array {
    const prices = this.kernel.pricePositions(route.index, this.codes[route.index]!, visitCodes(route, inserted));
    const [visit] = inserted;
    if (inserted.length === 1 && visit!.kind === 'job') {
      this.placements.set(this.placementKey(visit!.job, route), { version: this.versions[route.index]!, placements: placementsFrom(this, route, prices) });
    }
    return prices;
  }

  /** The job's places on the route as last priced, if the route has not changed since. */
  remembered(job: Job, route: Route): RoutePlacements | undefined {
    const kept = this.placements.get(this.placementKey(job, route));
    return kept !== undefined && kept.version === this.versions[route.index] ? kept.placements : undefined;
  }

  private placementKey(job: Job, route: Route): number {
    return job.index * this.problem.routes.length + route.index;
  }

  /** The route's price with exactly these visits. */
  priceOf(route: Route, visits: readonly RouteVisit[]): RoutePrice {
    return this.kernel.priceVisits(route.index, visitCodes(route, visits));
  }

  /** The route timed with exactly these visits, decoded as evaluate decodes its routes. */
  timeVisits(route: Route, visits: readonly RouteVisit[]): TimedRoute {
    const timing = this.kernel.timeVisits(route.index, visitCodes(route, visits));
    return decodeRoute(timing, this.kernel.bound.kernel.layout, this.problem.loadMetrics);
  }

  insert(inserted: readonly RouteVisit[], route: Route, position: number, price: RoutePrice): void {
    const visits = this.visits[route.index]!;
    visits.splice(position, 0, ...inserted);
    this.codes[route.index] = visitCodes(route, visits);
    this.prices[route.index] = price;
    this.versions[route.index]!++;
  }

  /** The problem with each route's visits as they stand now. */
  planned(): Problem {
    return { ...this.problem, routes: this.problem.routes.map((route) => ({ ...route, visits: this.visits[route.index]! })) };
  }
}
