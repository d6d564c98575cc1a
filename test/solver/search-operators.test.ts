import t, { type Test } from 'tap';
import { referencePlan } from '../helpers/reference-plan.js';
import { referenceTimeRoute } from '../helpers/reference-route-timing.js';
import type { Problem } from '../../src/problem/model.js';
import { parseProblem } from '../../src/problem/parse-problem.js';
import { randomInt, seededRandom } from '../helpers/random-graph.js';
import { randomVrpBody, type RandomVrpOptions } from '../helpers/random-vrp.js';
import { startSearch } from '../helpers/search-kernel.js';

const BUILD_MODE = 2;
const ROUTE_BITS_SOFT = (1 << 5) | (1 << 6); // break_not_taken, overtime
const TIME_WINDOW_BIT = 1;

/** Internal cost and hard violations of a plan, by the plain reference timing (nothing shared with the search). */
async function referencePrice(problem: Problem, order: number[][]) {
  const { flat, matrixOf } = await referencePlan(problem, order);
  let cost = 0;
  let hard = 0;
  for (let route = 0; route < flat.routeCount; route++) {
    const timed = referenceTimeRoute(flat, matrixOf(route), route);
    cost += timed.internalCost;
    const stopMask = problem.settings.timeWindowsAsHardConstraint ? ~0 : ~TIME_WINDOW_BIT;
    for (const stop of timed.stops) hard += popcount(stop.violations & stopMask);
    hard += popcount(timed.violations & ~ROUTE_BITS_SOFT);
  }
  return { cost, hard };
}

function popcount(bits: number): number {
  let count = 0;
  for (let rest = bits >>> 0; rest !== 0; rest &= rest - 1) count++;
  return count;
}

/** Each route's given jobs as stops with a reload at the depot marker M0 halfway. */
function withReloadsHalfway(body: Record<string, any>): Record<string, any> {
  for (const route of body.routes) {
    const jobs = (route.jobs as string[]).map((id) => ({ type: 'job', id }));
    jobs.splice(Math.floor(jobs.length / 2), 0, { type: 'depot', id: 'M0' } as never);
    route.stops = [{ type: 'depot', id: 'M0' }, ...jobs, { type: 'depot', id: 'M0' }];
    delete route.jobs;
  }
  return body;
}

/** Random pairs of jobs: each operator's claimed gain must equal the reference's cost difference. */
async function checkOperators(t: Test, seed: number, options: RandomVrpOptions, exactExpected: boolean,
                              reshape: (body: Record<string, any>) => Record<string, any> = (body) => body) {
  const problem = parseProblem(reshape(randomVrpBody(seed, { jobs: 24, routes: 4, assigned: true, ...options })));
  const search = await startSearch(problem, seed);
  t.equal(search.exports.searchExact(), exactExpected ? 1 : 0, `seed ${seed}: segment mode as expected`);
  const random = seededRandom(seed * 7 + 1);
  const applied = new Map<string, number>();
  const operatorCount = search.exports.searchOperatorCount();
  let before = await referencePrice(problem, search.routes(problem.routes.length));
  for (let trial = 0; trial < 160; trial++) {
    const operator = trial % operatorCount + 1;
    const name = `operator ${operator}`;
    const u = randomInt(random, problem.jobs.length), v = randomInt(random, problem.jobs.length);
    const gain = search.exports.searchOfferMove(operator, u, v, BUILD_MODE);
    if (Number.isNaN(gain)) continue;
    search.exports.searchApplyOffered();
    const after = await referencePrice(problem, search.routes(problem.routes.length));
    if (Math.abs(before.cost - after.cost - gain) > 1e-6 * Math.max(1, before.cost)) {
      t.fail(`seed ${seed}: ${name} on jobs ${u}, ${v} claimed ${gain}, the reference saved ${before.cost - after.cost}`);
      return;
    }
    if (after.hard > before.hard) t.fail(`seed ${seed}: ${name} added hard violations (${before.hard} → ${after.hard})`);
    if (after.hard !== search.exports.searchHard()) t.fail(`seed ${seed}: the search counts ${search.exports.searchHard()} hard violations, the reference ${after.hard}`);
    applied.set(name, (applied.get(name) ?? 0) + 1);
    before = after;
  }
  return applied;
}

t.test('every operator claims exactly the cost the reference timing saves (segment path)', async (t) => {
  const used = new Map<string, number>();
  for (let seed = 1; seed <= 8; seed++) {
    const applied = await checkOperators(t, seed, {}, true);
    for (const [name, count] of applied ?? []) used.set(name, (used.get(name) ?? 0) + count);
  }
  t.comment(JSON.stringify(Object.fromEntries(used)));
  t.equal(used.size, 7, 'each of the seven operators (relocate, swap, 2-opt, 2-opt*, or-opt, cross-exchange, SWAP*) was applied at least once');
});

t.test('reloads move with the ranges operators move, and every claimed gain is exact (segment path)', async (t) => {
  let moves = 0;
  for (let seed = 21; seed <= 24; seed++) {
    for (const count of (await checkOperators(t, seed, { capacity: 20 }, true, withReloadsHalfway))?.values() ?? []) moves += count;
  }
  t.ok(moves > 20, `${moves} moves applied and checked`);
});

t.test('with soft windows and breaks the full timing scan prices moves, exactly as the reference', async (t) => {
  let moves = 0;
  for (let seed = 11; seed <= 13; seed++) {
    for (const count of (await checkOperators(t, seed, { softWindows: true, breaks: true }, false))?.values() ?? []) moves += count;
  }
  t.ok(moves > 20, `${moves} moves applied and checked`);
});
