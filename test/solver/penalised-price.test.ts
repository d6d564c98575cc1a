import t from 'tap';
import { vrpKernel } from '../../src/kernels/vrp-module.js';
import type { VrpSearch } from '../../src/kernels/vrp-search.js';
import type { Problem } from '../../src/problem/model.js';
import { parseProblem } from '../../src/problem/parse-problem.js';
import { referencePlan } from '../helpers/reference-plan.js';
import { referenceTimeRoute } from '../helpers/reference-route-timing.js';
import { referenceTimeWarp } from '../helpers/reference-time-warp.js';
import { randomInt, seededRandom } from '../helpers/random-graph.js';
import { randomVrpBody } from '../helpers/random-vrp.js';
import { startSearch } from '../helpers/search-kernel.js';

const layout = vrpKernel().layout;
const BUILD_MODE = 2;
const HARD = 10000;
const TIME_WINDOW_BIT = 1;
// Route violations the penalised price weighs rather than counts (end time, load) and the soft ones.
const ROUTE_BITS_NOT_COUNTED = (1 << 2) | (1 << 3) | (1 << 5) | (1 << 6);

function popcount(bits: number): number {
  let count = 0;
  for (let rest = bits >>> 0; rest !== 0; rest &= rest - 1) count++;
  return count;
}

/**
 * The penalised price of a plan from the reference timing and the reference time warp: cost, 10,000 per hard
 * violation other than lateness, end time and load, the weighted time warp and the weighted load excess.
 */
async function referencePenalisedPrice(problem: Problem, order: number[][], search: VrpSearch) {
  const { flat, matrixOf } = await referencePlan(problem, order);
  let price = 0;
  let warp = 0;
  for (let route = 0; route < flat.routeCount; route++) {
    const matrix = matrixOf(route);
    const timed = referenceTimeRoute(flat, matrix, route);
    const routeWarp = referenceTimeWarp(flat, matrix, route, order[route]!);
    warp += routeWarp;
    price += timed.cost + routeWarp * search.exports.searchPenaltyWeight(-1);
    price += HARD * popcount(timed.violations & ~ROUTE_BITS_NOT_COUNTED);
    for (const stop of timed.stops) price += HARD * popcount(stop.violations & ~TIME_WINDOW_BIT);
    timed.peakLoads.forEach((peak, metric) => {
      const capacity = flat.routeParameters[route * layout.RP_STRIDE + layout.RP_CAPACITY + metric]!;
      price += Math.max(peak - capacity, 0) * search.exports.searchPenaltyWeight(metric);
    });
  }
  return { price, warp };
}

t.test('under penalised prices every operator claims exactly what the reference penalised price saves', async (t) => {
  let moves = 0;
  let movesAddingWarp = 0;
  for (let seed = 31; seed <= 36; seed++) {
    const problem = parseProblem(randomVrpBody(seed, { jobs: 32, routes: 4, assigned: true, capacity: 30, instantWindows: true }));
    const search = await startSearch(problem, seed);
    search.exports.searchStartAnnealing(1, BUILD_MODE, 1);
    search.exports.searchPenalise(1);
    const random = seededRandom(seed * 5 + 3);
    const operatorCount = search.exports.searchOperatorCount();
    let before = await referencePenalisedPrice(problem, search.routes(problem.routes.length), search);
    t.ok(Math.abs(search.exports.searchCurrentCost() - before.price) <= 1e-6 * before.price, `seed ${seed}: the plan's penalised price is the reference's`);
    for (let trial = 0; trial < 120; trial++) {
      const operator = trial % operatorCount + 1;
      const u = randomInt(random, problem.jobs.length), v = randomInt(random, problem.jobs.length);
      const gain = search.exports.searchOfferMove(operator, u, v, BUILD_MODE);
      if (Number.isNaN(gain)) continue;
      search.exports.searchApplyOffered();
      const after = await referencePenalisedPrice(problem, search.routes(problem.routes.length), search);
      if (Math.abs(before.price - after.price - gain) > 1e-6 * Math.max(1, before.price)) {
        t.fail(`seed ${seed}: operator ${operator} on jobs ${u}, ${v} claimed ${gain}, the reference saved ${before.price - after.price}`);
        return;
      }
      moves++;
      if (after.warp > before.warp) movesAddingWarp++;
      before = after;
    }
    search.exports.searchPenalise(0);
  }
  t.ok(moves > 50, `${moves} moves applied and checked`);
  t.ok(movesAddingWarp > 0, `${movesAddingWarp} of them made the plan later: lateness is priced, not refused`);
});
