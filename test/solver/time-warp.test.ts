import t from 'tap';
import { BoundProblem } from '../../src/kernels/vrp-bound-problem.js';
import { vrpKernel } from '../../src/kernels/vrp-module.js';
import { VrpSearch } from '../../src/kernels/vrp-search.js';
import { flattenProblem } from '../../src/problem/flatten/flatten-problem.js';
import type { FlatProblem } from '../../src/problem/flatten/flat-problem.js';
import { parseProblem } from '../../src/problem/parse-problem.js';
import type { TravelMatrices } from '../../src/problem/travel/travel-costs.js';
import { travelMatricesOf } from '../../src/solver/plan-timing.js';
import { searchProblemOf } from '../../src/solver/search/search-problem.js';
import { randomVrpBody } from '../helpers/random-vrp.js';

const layout = vrpKernel().layout;

/**
 * Vidal et al.'s time warp of a route, simulated stop by stop: a vehicle that reaches a job after its window
 * travels back to the window's end, and the route's end after its end time likewise; the sum of those jumps.
 */
function referenceTimeWarp(flat: FlatProblem, matrices: TravelMatrices, route: number, visits: number[]): number {
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

t.test('segment summaries add up the time warp of the reference, joined from either end', async (t) => {
  let warped = 0;
  let routesChecked = 0;
  for (let seed = 1; seed <= 12; seed++) {
    const body = randomVrpBody(seed, { jobs: 60, routes: 4, assigned: true, capacity: seed % 3 === 0 ? 20 : 1000 });
    // Windows of a single instant on every third job, and an end time on half the problems: lateness to add up.
    body.jobs.forEach((job: Record<string, any>, index: number) => { if (job.time_window && index % 3 === 0) job.time_window.end = job.time_window.start; });
    for (const route of body.routes) if (seed % 2 === 0) route.end_time = '16:00';
    const problem = parseProblem(body);
    const { matrices, classOfRoute } = await travelMatricesOf(problem);
    const prepared = searchProblemOf(problem, classOfRoute, false);
    const search = new VrpSearch(new BoundProblem(prepared.flat, matrices), {
      allowed: prepared.allowed, priorities: prepared.priorities, scratchVisit: prepared.scratchVisit, depotPlaces: prepared.depotPlaces,
      reloadSlots: prepared.reloadSlots, seed, neighbours: 10, keepRoutes: true,
    });
    t.equal(search.exports.searchExact(), 1, `seed ${seed}: segments are exact`);
    const flat = flattenProblem(problem, classOfRoute);
    search.routes(problem.routes.length).forEach((visits, route) => {
      const expected = referenceTimeWarp(flat, matrices[classOfRoute[route]!]!, route, visits);
      for (const fromForward of [0, 1]) {
        const warp = search.exports.searchRouteTimeWarp(route, fromForward);
        if (Math.abs(warp - expected) > 1e-6 * Math.max(1, expected)) {
          t.fail(`seed ${seed}, route ${route} (${fromForward ? 'forward' : 'backward'}): ${warp}, the reference ${expected}`);
        }
      }
      routesChecked++;
      if (expected > 0) warped++;
    });
  }
  t.ok(warped > routesChecked / 4, `${warped} of ${routesChecked} routes have time warp`);
  t.ok(warped < routesChecked, 'some routes have none');
});
