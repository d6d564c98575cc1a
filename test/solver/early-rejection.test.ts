import t from 'tap';
import { parseProblem } from '../../src/problem/parse-problem.js';
import { randomVrpBody } from '../helpers/random-vrp.js';
import { startSearch } from '../helpers/search-kernel.js';

// Early rejection (assembly/vrp/search/recreate.ts): a recreate stopped because the plan would surely cost more
// than the acceptance threshold is rolled back to the plan before the ruin, routes, order and cost alike.
t.test('a recreate stopped by its lower bound leaves the plan exactly as before the ruin', async (t) => {
  let stopped = 0;
  let completed = 0;
  for (let seed = 51; seed <= 54; seed++) {
    const body = randomVrpBody(seed, { jobs: 40, routes: 6 });
    // No reloads: the bound holds on routes of jobs only.
    body.markers[0].is_depot = false;
    const problem = parseProblem(body);
    const search = await startSearch(problem, seed, false);
    t.equal(search.exports.searchEarlyRejectionHolds(), 1, `seed ${seed}: exact prices, no reloads: the bound holds`);
    for (let attempt = 0; attempt < 50; attempt++) {
      const routes = search.routes(problem.routes.length);
      const cost = search.exports.searchCurrentCost();
      const unrouted = search.exports.searchUnrouted();
      // Just above the current cost: most recreates end above it and stop, a few find a cheaper plan.
      if (search.exports.searchRuinAndRecreate(cost * (1 + 1e-4)) === 1) {
        completed++;
        continue;
      }
      stopped++;
      t.same(search.routes(problem.routes.length), routes, `seed ${seed}, attempt ${attempt}: the routes as before`);
      // The plan's cost is a running sum of route prices: put back, it differs in the last bits only.
      t.ok(Math.abs(search.exports.searchCurrentCost() - cost) <= 1e-9 * cost, `seed ${seed}, attempt ${attempt}: the cost as before`);
      t.equal(search.exports.searchUnrouted(), unrouted, `seed ${seed}, attempt ${attempt}: the unrouted jobs as before`);
    }
  }
  t.ok(stopped >= 20, `${stopped} recreates stopped`);
  t.ok(completed >= 1, `${completed} ran to their end`);
});
