import t from 'tap';
import type { Problem } from '../../src/problem/model.js';
import { parseProblem } from '../../src/problem/parse-problem.js';
import { feasibleCost } from '../helpers/reference-plan.js';
import { randomVrpBody } from '../helpers/random-vrp.js';
import { startSearch } from '../helpers/search-kernel.js';

/**
 * The least that moving `job` from its route to anywhere on `route` (costing `before` now) adds to `route`, by
 * the reference timing; null when it fits nowhere there.
 */
async function bruteForce(problem: Problem, routes: number[][], job: number, route: number, before: number): Promise<number | null> {
  const without = routes.map((list) => list.filter((code) => code !== job));
  let best: number | null = null;
  const list = without[route]!;
  for (let position = 0; position <= list.length; position++) {
    const order = without.map((other, index) => (index === route ? [...list.slice(0, position), job, ...list.slice(position)] : other));
    const after = await feasibleCost(problem, order, route);
    if (after !== null && (best === null || after - before < best)) best = after - before;
  }
  return best;
}

// Insertion (assembly/vrp/search/insertion.ts) scans only the places a job can reach in time, found by binary
// search, and passes over those it surely misses: none of them may be the cheapest.
t.test('the cheapest place insertion finds for a job on another route is the one a brute force over the reference timing finds', async (t) => {
  let fitting = 0;
  let fittingNowhere = 0;
  for (let seed = 61; seed <= 63; seed++) {
    // Three routes for thirty jobs, capacity to spare: long routes, and windows on most jobs, narrowed so that
    // most places on a route are out of a job's reach.
    const body = randomVrpBody(seed, { jobs: 30, routes: 3, capacity: 200, windowSeconds: 1800 });
    body.markers[0].is_depot = false;
    const problem = parseProblem(body);
    const search = await startSearch(problem, seed, false);
    const routes = search.routes(problem.routes.length);
    const costs = await Promise.all(routes.map((_, route) => feasibleCost(problem, routes, route)));
    for (let job = 0; job < problem.jobs.length; job++) {
      const own = routes.findIndex((list) => list.includes(job));
      for (let route = 0; route < routes.length; route++) {
        const before = costs[route];
        if (route === own || before === null || before === undefined) continue;
        const expected = await bruteForce(problem, routes, job, route, before);
        const found = search.exports.searchCheapestInsertion(job, route);
        if (expected === null) {
          t.equal(found, Infinity, `seed ${seed}, job ${job}, route ${route}: fits nowhere, and no place is claimed`);
          fittingNowhere++;
          continue;
        }
        t.ok(Math.abs(found - expected) <= 1e-6 * Math.max(1, Math.abs(expected)), `seed ${seed}, job ${job}, route ${route}: adds ${found} against ${expected}`);
        fitting++;
      }
    }
  }
  t.ok(fitting >= 10, `${fitting} jobs and routes with a place`);
  t.ok(fittingNowhere >= 5, `${fittingNowhere} without one`);
});
