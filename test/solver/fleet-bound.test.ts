// The fewest routes that can carry every job's load, below which fleet minimisation does not try to go: per load
// metric, the largest capacities must hold all deliveries, and apart all pickups; with reloads no bound holds.
import t from 'tap';
import { parseProblem } from '../../src/problem/parse-problem.js';
import { randomInt, seededRandom } from '../helpers/random-graph.js';
import { randomVrpBody } from '../helpers/random-vrp.js';
import { startSearch } from '../helpers/search-kernel.js';

/** A random problem without depot markers, two load metrics of mixed signs and routes of unequal capacities. */
function unequalFleet(seed: number): Record<string, any> {
  const random = seededRandom(seed);
  const body = randomVrpBody(seed, { jobs: 25, routes: 8 });
  for (const marker of body.markers) marker.is_depot = false;
  for (const job of body.jobs) job.loads = [randomInt(random, 9) - 2, randomInt(random, 7) - 4];
  for (const job of body.jobs) delete job.load;
  for (const route of body.routes) route.load_capacities = [5 + randomInt(random, 30), 3 + randomInt(random, 20)];
  for (const route of body.routes) delete route.load_capacity;
  return body;
}

/** The bound worked out from the request alone. */
function expectedBound(body: Record<string, any>): number {
  let bound = 0;
  for (const metric of [0, 1]) {
    const amounts = body.jobs.map((job: { loads: number[] }) => job.loads[metric]!);
    const deliveries = amounts.filter((amount: number) => amount > 0).reduce((a: number, b: number) => a + b, 0);
    const pickups = -amounts.filter((amount: number) => amount < 0).reduce((a: number, b: number) => a + b, 0);
    const capacities = body.routes.map((route: { load_capacities: number[] }) => route.load_capacities[metric]!).sort((a: number, b: number) => b - a);
    let held = 0, count = 0;
    while (held < Math.max(deliveries, pickups) && count < capacities.length) held += capacities[count++];
    bound = Math.max(bound, count);
  }
  return bound;
}

async function boundOf(body: Record<string, any>): Promise<number> {
  const search = await startSearch(parseProblem(body), 1, false);
  return search.exports.searchFleetLowerBound();
}

t.test('the fleet bound is the fewest largest capacities that hold every delivery and every pickup, per metric', async (t) => {
  const bounds = new Set<number>();
  for (let seed = 1; seed <= 12; seed++) {
    const body = unequalFleet(seed);
    const bound = await boundOf(body);
    t.equal(bound, expectedBound(body), `seed ${seed}`);
    bounds.add(bound);
  }
  t.ok(bounds.size > 1, 'the seeds give different bounds');
});

t.test('no fleet bound holds where vehicles may reload at a depot', async (t) => {
  const body = unequalFleet(3);
  body.markers[0].is_depot = true;
  t.equal(await boundOf(body), 0);
});
