// Vidal et al.'s time warp of a route, the reference the segment summaries' time warp (assembly/vrp/segment.ts)
// is tested against: simulated stop by stop over a FlatProblem, nothing shared with the kernel but the layout
// of the flat arrays. Never on the product path.
import type { FlatProblem } from '../../src/problem/flatten/flat-problem.js';
import type { TravelMatrices } from '../../src/problem/travel/travel-costs.js';
import { vrpKernel } from '../../src/kernels/vrp-module.js';

const layout = vrpKernel().layout;

/**
 * Vidal et al.'s time warp of a route, simulated stop by stop: a vehicle that reaches a job after its window
 * travels back to the window's end, and the route's end after its end time likewise; the sum of those jumps.
 */
export function referenceTimeWarp(flat: FlatProblem, matrices: TravelMatrices, route: number, visits: number[]): number {
  const parameter = (field: number) => flat.routeParameters[route * layout.RP_STRIDE + field]!;
  const travel = (from: number, to: number) => (from < 0 || to < 0 ? 0 : matrices.durations[from * matrices.size + to]!);
  let now = parameter(layout.RP_START_TIME);
  let here = flat.routeStartPlace[route]!;
  let warp = 0;
  for (const visit of visits) {
    const job = visit;
    const place = visit < 0 ? -visit - 1 : flat.jobLocation[job]!;
    now += travel(here, place);
    here = place;
    if (visit < 0) continue;
    if (flat.jobWindowCount[job]! > 0) {
      const start = flat.jobWindows[job * layout.JOB_WINDOW_STRIDE]!, end = flat.jobWindows[job * layout.JOB_WINDOW_STRIDE + 1]!;
      now = Math.max(now, start);
      if (now > end) { warp += now - end; now = end; }
    }
    now += flat.jobTimeOnSite[job]!;
  }
  now += travel(here, flat.routeEndPlace[route]!);
  return warp + Math.max(now - parameter(layout.RP_END_TIME), 0);
}
