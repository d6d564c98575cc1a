import t from 'tap';
import { referenceTimeRoute } from '../helpers/reference-route-timing.js';
import { flattenProblem } from '../../src/problem/flatten/flatten-problem.js';
import type { Problem } from '../../src/problem/model.js';
import { parseProblem } from '../../src/problem/parse-problem.js';
import { travelMatricesOf } from '../../src/solver/plan-timing.js';
import { withRouteOrder } from '../../src/solver/search/plan-operation.js';
import { searchPlan } from '../../src/solver/search/plan-search.js';
import { seededRandom } from '../helpers/random-graph.js';
import { randomVrpBody } from '../helpers/random-vrp.js';

/** Internal cost of each route by the plain reference timing, +Infinity for a route with a hard violation. */
async function referenceCosts(problem: Problem, order: number[][]): Promise<number[]> {
  const planned = withRouteOrder(problem, order);
  const { matrices, classOfRoute } = await travelMatricesOf(planned);
  const flat = flattenProblem(planned, classOfRoute);
  return order.map((_, route) => {
    const timed = referenceTimeRoute(flat, matrices[classOfRoute[route]!]!, route);
    const hard = timed.violations !== 0 || timed.stops.some((stop) => stop.violations !== 0);
    return hard ? Infinity : timed.internalCost;
  });
}

/** Every order of the route's jobs, priced by the reference timing with the visits permuted in place. */
async function bruteForceCheapest(problem: Problem, jobs: number[]): Promise<number> {
  const { matrices, classOfRoute } = await travelMatricesOf(problem);
  const flat = flattenProblem(withRouteOrder(problem, [jobs]), classOfRoute);
  const start = flat.routeVisitStart[0]!;
  let cheapest = Infinity;
  const permute = (from: number) => {
    if (from === jobs.length) {
      const timed = referenceTimeRoute(flat, matrices[classOfRoute[0]!]!, 0);
      if (timed.violations === 0 && timed.stops.every((stop) => stop.violations === 0)) cheapest = Math.min(cheapest, timed.internalCost);
      return;
    }
    for (let index = from; index < jobs.length; index++) {
      [flat.visits[start + from], flat.visits[start + index]] = [flat.visits[start + index]!, flat.visits[start + from]!];
      permute(from + 1);
      [flat.visits[start + from], flat.visits[start + index]] = [flat.visits[start + index]!, flat.visits[start + from]!];
    }
  };
  permute(0);
  return cheapest;
}

function shuffled(values: number[], seed: number): number[] {
  const random = seededRandom(seed);
  const copy = [...values];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/** One route of `count` jobs with windows wide enough for one vehicle, given in a feasible order. */
function shortRouteProblem(seed: number, count: number): Problem {
  const body = randomVrpBody(seed, { jobs: count, routes: 1, capacity: 1000 });
  for (const job of body.jobs) if (job.time_window) job.time_window.end = '23:00:00';
  body.routes[0].jobs = body.jobs.map((job: { id: string }) => job.id);
  return parseProblem(body);
}

t.test('a route of up to 12 jobs comes back in the cheapest order a brute force over every order finds, without searching further', async (t) => {
  for (const seed of [1, 2]) {
    const problem = shortRouteProblem(seed, 8);
    const jobs = shuffled(problem.jobs.map((job) => job.index), seed);
    const given = withRouteOrder(problem, [jobs]);
    const result = await searchPlan(given, { mode: 'sequence', timeLimitSeconds: 5 });
    const [cost] = await referenceCosts(given, result.order);
    const cheapest = await bruteForceCheapest(problem, jobs);
    t.ok(Math.abs(cost! - cheapest) <= 1e-6 * cheapest, `seed ${seed}: sequence ${cost}, brute force ${cheapest}`);
    t.equal(result.iterations, 0, `seed ${seed}: proven optimal, no ruin-and-recreate`);
  }
});

t.test('a route of 12 jobs with windows of half a day is proven optimal without searching further', async (t) => {
  const problem = shortRouteProblem(12, 12);
  const jobs = problem.jobs.map((job) => job.index).reverse();
  const given = withRouteOrder(problem, [jobs]);
  const result = await searchPlan(given, { mode: 'sequence', timeLimitSeconds: 5 });
  t.equal(result.iterations, 0, 'no ruin-and-recreate');
  const [before] = await referenceCosts(given, [jobs]);
  const [after] = await referenceCosts(given, result.order);
  t.ok(after! <= before!, `internal cost ${before} → ${after}`);
});

t.test('a short route given in an order that breaks its windows is proven optimal once the local search has made it feasible', async (t) => {
  const problem = parseProblem(randomVrpBody(5, { jobs: 12, routes: 1, capacity: 1000 }));
  const { order: [built] } = await searchPlan(problem, { mode: 'build', timeLimitSeconds: 1 });
  const given = withRouteOrder(problem, [[...built!].reverse()]);
  const [reversedCost] = await referenceCosts(given, [[...built!].reverse()]);
  t.equal(reversedCost, Infinity, `the reversed order of ${built!.length} jobs breaks a window`);
  const result = await searchPlan(given, { mode: 'sequence', timeLimitSeconds: 5 });
  t.equal(result.iterations, 0, 'no ruin-and-recreate');
  const [builtCost] = await referenceCosts(given, [built!]);
  const [cost] = await referenceCosts(given, result.order);
  t.ok(cost! <= builtCost! + 1e-9, `sequence ${cost}, the build's order ${builtCost}`);
});

/** Routes built with a long limit: the best orders known for their jobs. */
async function builtRoutes(seed: number): Promise<{ problem: Problem; built: number[][] }> {
  const problem = parseProblem(randomVrpBody(seed, { jobs: 75, routes: 2, capacity: 1000 }));
  const { order } = await searchPlan(problem, { mode: 'build', timeLimitSeconds: 4 });
  return { problem, built: order };
}

t.test('routes of 10 to 60 jobs with time windows sent reversed or shuffled come back within 0.3 % of the build\'s order', async (t) => {
  const { problem, built } = await builtRoutes(4);
  const builtCosts = await referenceCosts(problem, built);
  t.ok(built.every((route) => route.length >= 10 && route.length <= 60), `route lengths ${built.map((route) => route.length)}`);
  for (const [name, reorder] of [['reversed', (route: number[]) => [...route].reverse()], ['shuffled', (route: number[]) => shuffled(route, 9)]] as const) {
    const given = withRouteOrder(problem, built.map(reorder));
    const result = await searchPlan(given, { mode: 'sequence', timeLimitSeconds: 5 });
    const costs = await referenceCosts(given, result.order);
    result.order.forEach((route, index) => {
      t.same([...route].sort((a, b) => a - b), [...built[index]!].sort((a, b) => a - b), `${name}: route ${index} keeps its jobs`);
      t.ok(costs[index]! <= builtCosts[index]! * 1.003, `${name}: route ${index} costs ${costs[index]}, the build's order ${builtCosts[index]}`);
    });
  }
});
