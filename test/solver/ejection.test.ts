import t from 'tap';
import type { Problem } from '../../src/problem/model.js';
import { parseProblem } from '../../src/problem/parse-problem.js';
import { feasibleCost } from '../helpers/reference-plan.js';
import { randomInt, seededRandom } from '../helpers/random-graph.js';
import { randomVrpBody } from '../helpers/random-vrp.js';
import { startSearch } from '../helpers/search-kernel.js';

interface Ejection { sum: number; delta: number }

/**
 * The best insertion of `job` with one or two jobs pushed out, over every route, position and set, by the
 * reference timing: the least weight sum, then the least added cost of the route.
 */
async function bruteForce(problem: Problem, routes: number[][], job: number, weights: number[]): Promise<Ejection | null> {
  let best: Ejection | null = null;
  for (let route = 0; route < routes.length; route++) {
    const list = routes[route]!;
    if (list.length === 0) continue;
    const before = await feasibleCost(problem, routes, route);
    if (before === null) continue;
    const sets: number[][] = [];
    for (let a = 0; a < list.length; a++) {
      sets.push([a]);
      for (let b = a + 1; b < list.length; b++) sets.push([a, b]);
    }
    for (const set of sets) {
      const kept = list.filter((_, position) => !set.includes(position));
      const sum = set.reduce((total, position) => total + weights[list[position]!]!, 0);
      if (best && sum > best.sum) continue;
      for (let position = 0; position <= kept.length; position++) {
        const order = routes.map((other, index) => (index === route ? [...kept.slice(0, position), job, ...kept.slice(position)] : other));
        const after = await feasibleCost(problem, order, route);
        if (after === null) continue;
        const delta = after - before;
        if (!best || sum < best.sum || (sum === best.sum && delta < best.delta)) best = { sum, delta };
      }
    }
  }
  return best;
}

t.test('insertion with ejection finds the least weight sum, then the cheapest, that a brute force over the reference timing finds', async (t) => {
  let checked = 0;
  let ejections = 0;
  for (let seed = 41; seed <= 46; seed++) {
    const body = randomVrpBody(seed, { jobs: 14, routes: 3, capacity: 11 });
    // No reloads: capacity and windows leave jobs out, and ejection works on routes of jobs only.
    body.markers[0].is_depot = false;
    const problem = parseProblem(body);
    const search = await startSearch(problem, seed, false);
    const random = seededRandom(seed * 7 + 1);
    const weights = problem.jobs.map(() => randomInt(random, 3));
    weights.forEach((weight, job) => search.exports.searchSetAbsence(job, weight));
    for (let job = 0; job < problem.jobs.length; job++) {
      const routes = search.routes(problem.routes.length);
      if (routes.some((list) => list.includes(job))) continue;
      const expected = await bruteForce(problem, routes, job, weights);
      const count = search.exports.searchEjectInto(job);
      checked++;
      if (expected === null) {
        t.equal(count, -1, `seed ${seed}, job ${job}: no route can take it with ejections, and none is claimed`);
        continue;
      }
      const after = search.routes(problem.routes.length);
      const changed = after.findIndex((list) => list.includes(job));
      t.ok(changed >= 0, `seed ${seed}, job ${job}: routed`);
      const out = routes[changed]!.filter((code) => !after[changed]!.includes(code));
      t.equal(out.length, count, `seed ${seed}, job ${job}: ${count} jobs pushed out`);
      t.ok(after.every((list, route) => route === changed || list.join() === routes[route]!.join()), `seed ${seed}, job ${job}: one route changed`);
      const before = (await feasibleCost(problem, routes, changed))!;
      const cost = await feasibleCost(problem, after, changed);
      t.not(cost, null, `seed ${seed}, job ${job}: the route stays feasible`);
      t.equal(out.reduce((total, code) => total + weights[code]!, 0), expected.sum, `seed ${seed}, job ${job}: least weight sum`);
      t.ok(Math.abs(cost! - before - expected.delta) <= 1e-6 * Math.max(1, before), `seed ${seed}, job ${job}: the cheapest (${cost! - before} against ${expected.delta})`);
      ejections++;
    }
  }
  t.ok(checked >= 10, `${checked} jobs checked`);
  t.ok(ejections >= 5, `${ejections} of them put in by pushing jobs out`);
});
