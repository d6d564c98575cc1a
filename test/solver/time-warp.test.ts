import t from 'tap';
import { flattenProblem } from '../../src/problem/flatten/flatten-problem.js';
import { parseProblem } from '../../src/problem/parse-problem.js';
import { travelMatricesOf } from '../../src/solver/plan-timing.js';
import { randomVrpBody } from '../helpers/random-vrp.js';
import { referenceTimeWarp } from '../helpers/reference-time-warp.js';
import { startSearch } from '../helpers/search-kernel.js';

t.test('segment summaries add up the time warp of the reference, joined from either end', async (t) => {
  let warped = 0;
  let routesChecked = 0;
  for (let seed = 1; seed <= 12; seed++) {
    const body = randomVrpBody(seed, { jobs: 60, routes: 4, assigned: true, capacity: seed % 3 === 0 ? 20 : 1000, instantWindows: true });
    // An end time on half the problems: the route's end is a window too.
    for (const route of body.routes) if (seed % 2 === 0) route.end_time = '16:00';
    const problem = parseProblem(body);
    const { matrices, classOfRoute } = await travelMatricesOf(problem);
    const search = await startSearch(problem, seed);
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
