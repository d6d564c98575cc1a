import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import t, { type Test } from 'tap';
import { solveFile } from '../../src/cli/solve-command.js';
import { searchModes } from '../../src/kernels/vrp-search.js';
import { publishQueuedTasks, QUEUED_TASKS, queuedTasksCounter, tasksAreQueued } from '../../src/pool/queued-tasks.js';
import { setWorkerResource } from '../../src/pool/worker-resources.js';
import { checkInstancePlan } from '../../src/problem/formats/instance-checker.js';
import { instanceFormats } from '../../src/problem/formats/instance-formats.js';
import { parseProblem } from '../../src/problem/parse-problem.js';
import { travelMatricesOf } from '../../src/solver/plan-timing.js';
import { BestExchange, type Exchange, type SharedPlan } from '../../src/solver/search/best-exchange.js';
import { EXCHANGE_WORK, searchPlan, type PlanSearchResult } from '../../src/solver/search/plan-search.js';
import type { SearchThreadJob, SearchThreadMessage } from '../../src/solver/search/search-thread.js';
import { RouteRegions } from '../../src/solver/search/route-regions.js';
import { searchWithThreads } from '../../src/solver/search/search-threads.js';
import { randomVrpBody } from '../helpers/random-vrp.js';
import { startSearch } from '../helpers/search-kernel.js';
import { sharedData } from '../helpers/shared-data.js';

/** A budget no test reaches: the searches end when they have converged, so nothing here depends on the clock. */
const UNTIL_CONVERGED = 600;
const r101 = sharedData('vrp/solomon/R101.txt');

/** Capacity for two or three jobs per trip on two routes: plans need reloads at the depot. */
const reloadingProblem = () => parseProblem(randomVrpBody(17, { jobs: 40, routes: 2, capacity: 12 }));
/** A plan that tells which search offered it. */
const plan = (searchCost: number, search: number): SharedPlan => ({ order: [[search]], searchCost });

/** Costs are running sums, added in another order by another search: equal to their rounding. */
const sameCost = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.abs(b);
const atMost = (a: number, b: number) => a <= b || sameCost(a, b);

t.test('a plan adopted from another search is that plan, reloads included, at the same cost', async (t) => {
  const problem = reloadingProblem();
  const first = await startSearch(problem, 1, false);
  first.exports.searchLocal(searchModes.build, 5);
  first.exports.searchStartAnnealing(0, searchModes.build, 1);
  first.exports.searchAnneal(2000, 0, 0.5);
  const order = first.bestRoutes(problem.routes.length);
  const cost = first.exports.searchBestCost();
  t.ok(order.flat().some((visit) => visit < 0), 'the plan reloads at the depot');
  const second = await startSearch(problem, 2, false);
  second.adopt(order);
  t.same(second.bestRoutes(problem.routes.length), order, 'the best plan is the one adopted');
  t.same(second.routes(problem.routes.length), order, 'and so is the current plan');
  t.ok(sameCost(second.exports.searchBestCost(), cost), `best ${second.exports.searchBestCost()}, adopted ${cost}`);
  t.ok(sameCost(second.exports.searchCurrentCost(), cost), `current ${second.exports.searchCurrentCost()}, adopted ${cost}`);
});

/**
 * A route-minimising search of a problem the ejection-pool phases run on: exact, no reloads, capacity for
 * every job on one route (so that the fleet is above its capacity bound, where phases stop, for as long as the
 * windows keep it).
 */
async function fleetSearch(phases: number) {
  const body = randomVrpBody(41, { jobs: 100, routes: 20, capacity: 1000 });
  for (const marker of body.markers) marker.is_depot = false;
  const problem = parseProblem(body);
  const search = await startSearch(problem, 1, false);
  search.exports.searchStartAnnealing(1, searchModes.build, phases);
  return { search, routeCount: problem.routes.length };
}

/** Whether the search is in an ejection-pool phase after each of `count` single iterations (or phase steps). */
async function phaseAfterEachIteration(phases: number, count: number): Promise<boolean[]> {
  const { search } = await fleetSearch(phases);
  return Array.from({ length: count }, () => (search.exports.searchAnneal(1, 0, 0.5), search.exports.searchInPhase() === 1));
}

t.test('a search that leaves the fleet to another runs no ejection-pool phase', async (t) => {
  t.ok((await phaseAfterEachIteration(1, 5000)).includes(true), 'a search with phases runs some');
  t.notOk((await phaseAfterEachIteration(0, 5000)).includes(true));
});

/** The work each of `count` single iterations (or phase steps) of a fresh fleet search reports. */
async function iterationWork(count: number): Promise<number[]> {
  const { search } = await fleetSearch(1);
  return Array.from({ length: count }, () => search.exports.searchAnneal(1, 0, 0.5));
}

t.test('the work an iteration counts varies with what it did, and is the same in every run of a seed', async (t) => {
  const work = await iterationWork(3000);
  t.ok(new Set(work).size > 100, `${new Set(work).size} different amounts of work`);
  t.same(await iterationWork(3000), work, 'a second run of the seed counts the same work, so the exchange points fall alike');
});

/** The plan with its two shortest used routes run one after the other: a route fewer. */
function mergedShortest(order: number[][]): number[][] {
  const used = order.map((route, index) => ({ route, index })).filter(({ route }) => route.length > 0);
  const [a, b] = used.sort((x, y) => x.route.length - y.route.length);
  return order.map((route, index) => (index === a!.index ? [...a!.route, ...b!.route] : index === b!.index ? [] : route));
}

t.test('a search in an ejection-pool phase declines a plan with as many routes, and takes one with fewer', async (t) => {
  const { search, routeCount } = await fleetSearch(1);
  let start = search.routes(routeCount);
  let previous = start;
  // The phase starts within an iteration from the plan before it.
  while (search.exports.searchInPhase() === 0) {
    search.exports.searchAnneal(1, 0, 0.5);
    [start, previous] = [previous, search.routes(routeCount)];
  }
  t.notOk(search.adopt(start), 'declined: as many routes as the phase started from');
  t.equal(search.exports.searchInPhase(), 1, 'and the phase goes on');
  t.ok(search.adopt(mergedShortest(start)), 'a route fewer is taken');
  t.equal(search.exports.searchInPhase(), 0, 'and the phase is left');
});

t.test('at an exchange point the searches whose best costs more get the cheapest plan, the first search\'s on a tie', async (t) => {
  const exchange = new BestExchange(3);
  const offers = [plan(5, 0), plan(3, 1), plan(3, 2)];
  const answers = await Promise.all(offers.map((offer, search) => exchange.side(search).offer(1, offer, false)));
  t.equal(answers[0]!.adopt, offers[1]!.order);
  t.same(answers.slice(1).map((answer) => answer.adopt), [null, null]);
  t.same(answers.flatMap((answer) => answer.frozen.filter(Boolean)), [], 'no route frozen');
});

t.test('a search that has ended is waited for no more at the exchange points', async (t) => {
  const exchange = new BestExchange(2);
  const waiting = exchange.side(0).offer(1, plan(4, 0), true);
  exchange.leave(1);
  t.equal((await waiting).adopt, null);
  t.equal((await exchange.side(0).offer(2, plan(4, 0), true)).adopt, null, 'nor at later points');
});

t.test('a search that rejoins is waited for from the first point nobody has offered at, and goes on from the last plan', async (t) => {
  const exchange = new BestExchange(2);
  const [first, second] = [exchange.side(0), exchange.side(1)];
  await Promise.all([first.offer(1, plan(5, 0), false), second.offer(1, plan(7, 1), false)]);
  t.equal(await second.finish(plan(7, 1)), null, 'it pauses');
  t.equal((await first.offer(2, plan(4, 0), false)).adopt, null, 'and is not waited for meanwhile');
  const rejoined = await second.rejoin();
  t.equal(rejoined.point, 3);
  t.same(rejoined.adopt, plan(4, 0).order, 'the plan the last point handed out');
  let settled = false;
  const third = first.offer(3, plan(3, 0), false).then((answer) => { settled = true; return answer; });
  await new Promise(setImmediate);
  t.notOk(settled, 'from its point on it is waited for');
  t.same((await second.offer(3, plan(6, 1), false)).adopt, plan(3, 0).order);
  t.equal((await third).adopt, null);
});

t.test('a search that rejoins during the split interval that gave it a region goes on from its own plan', async (t) => {
  const exchange = new BestExchange(2, squareRegions());
  const sides = [exchange.side(0), exchange.side(1)];
  const split = await Promise.all(sides.map((side) => side.offer(1, squarePlan(4), true)));
  const changed = split.map((answer) => reversedWhereFree(answer.adopt!, answer.frozen));
  await sides[1]!.finish({ order: changed[1]!, searchCost: 3 });
  t.same(await sides[1]!.rejoin(), { point: 2, adopt: null });
  const joined = await Promise.all(sides.map((side, search) => side.offer(2, { order: changed[search]!, searchCost: 3 }, false)));
  const everyRouteReversed = squarePlan(4).order.map((route) => [...route].reverse());
  t.same(joined.map((answer) => answer.adopt), [everyRouteReversed, everyRouteReversed]);
});

/** Four routes of two jobs, the jobs on the four sides of a centre: two regions of two routes each. */
const squareRegions = () => new RouteRegions(Array.from({ length: 8 }, (_, job) => {
  const angle = Math.PI / 2 * Math.floor(job / 2);
  return { lat: Math.sin(angle), lon: Math.cos(angle) };
}), 2);
const squarePlan = (searchCost: number): SharedPlan => ({ order: [[0, 1], [2, 3], [4, 5], [6, 7]], searchCost });

/** Each region's routes are frozen for every search but one. */
function frozenByOneOnly(t: Test, frozen: boolean[][]) {
  const routes = frozen[0]!.length;
  t.same(Array.from({ length: routes }, (_, route) => frozen.filter((of) => !of[route]).length), Array(routes).fill(1));
}

t.test('once no search may run an ejection-pool phase, each goes on from one plan with the others\' routes frozen', async (t) => {
  const exchange = new BestExchange(2, squareRegions());
  const answers = await Promise.all([squarePlan(5), squarePlan(4)].map((offer, search) => exchange.side(search).offer(1, offer, true)));
  t.same(answers.map((answer) => answer.adopt), [squarePlan(4).order, squarePlan(4).order], 'both adopt the cheapest, its own search too');
  frozenByOneOnly(t, answers.map((answer) => answer.frozen));
  t.same(answers.map((answer) => answer.frozen.filter(Boolean).length), [2, 2]);
});

t.test('a search that may still run an ejection-pool phase keeps the plan whole', async (t) => {
  const exchange = new BestExchange(2, squareRegions());
  const answers = await Promise.all([squarePlan(5), squarePlan(4)].map((offer, search) => exchange.side(search).offer(1, offer, search === 1)));
  t.same(answers.flatMap((answer) => answer.frozen.filter(Boolean)), []);
  t.same(answers.map((answer) => answer.adopt), [squarePlan(4).order, null]);
});

/** The plan with the routes the search may change reversed, as a search changes only its own. */
const reversedWhereFree = (order: number[][], frozen: boolean[]) => order.map((route, index) => (frozen[index] ? route : [...route].reverse()));

t.test('after a split interval the searches\' plans are joined route by route, each region from its own search', async (t) => {
  const exchange = new BestExchange(2, squareRegions());
  const sides = [exchange.side(0), exchange.side(1)];
  const first = await Promise.all(sides.map((side) => side.offer(1, squarePlan(4), true)));
  const changed = first.map((answer) => reversedWhereFree(answer.adopt!, answer.frozen));
  const second = await Promise.all(sides.map((side, search) => side.offer(2, { order: changed[search]!, searchCost: 3 }, false)));
  const everyRouteReversed = squarePlan(4).order.map((route) => [...route].reverse());
  t.same(second.map((answer) => answer.adopt), [everyRouteReversed, everyRouteReversed]);
  t.same(second.flatMap((answer) => answer.frozen.filter(Boolean)), [], 'not split again: a search said a phase may run');
});

t.test('the last search to end in a split interval gets every region\'s plan joined', async (t) => {
  const exchange = new BestExchange(2, squareRegions());
  const sides = [exchange.side(0), exchange.side(1)];
  const first = await Promise.all(sides.map((side) => side.offer(1, squarePlan(4), true)));
  const changed = first.map((answer) => reversedWhereFree(answer.adopt!, answer.frozen));
  t.equal(await sides[0]!.finish({ order: changed[0]!, searchCost: 3 }), null, 'the first to end keeps its own');
  t.same(await sides[1]!.finish({ order: changed[1]!, searchCost: 3 }), squarePlan(4).order.map((route) => [...route].reverse()));
});

t.test('a search leaves its frozen routes as they are while it anneals, and starts no ejection-pool phase', async (t) => {
  const { search, routeCount } = await fleetSearch(1);
  const before = search.routes(routeCount);
  const frozen = before.map((route, index) => route.length > 0 && index % 2 === 0);
  search.freeze(frozen);
  const changed = new Set<number>();
  let phases = 0;
  // As many steps as a search without frozen routes takes to start a phase (the test above).
  for (let step = 0; step < 5000; step++) {
    search.exports.searchAnneal(1, 0, 0.5);
    phases += search.exports.searchInPhase();
    search.routes(routeCount).forEach((route, index) => { if (route.join() !== before[index]!.join()) changed.add(index); });
  }
  t.equal(phases, 0, 'no phase');
  t.same([...changed].filter((route) => frozen[route]), [], 'no frozen route changed');
  t.ok(changed.size > 0, `${changed.size} other routes changed`);
  t.same(search.bestRoutes(routeCount).filter((_, route) => frozen[route]), before.filter((_, route) => frozen[route]), 'nor in the best plan');
});

t.test('a search that meets a cheaper plan at the exchange points returns a plan at least as cheap as both', async (t) => {
  const problem = parseProblem(randomVrpBody(23, { jobs: 40, routes: 4 }));
  const other = await searchPlan(problem, { mode: 'build', timeLimitSeconds: UNTIL_CONVERGED, seed: 7 });
  const exchange = new BestExchange(2);
  const offered: number[] = [];
  const own = exchange.side(0);
  const spy: Exchange = {
    offer: (point, best, splittable) => {
      offered.push(best.searchCost);
      void exchange.side(1).offer(point, other, true);
      return own.offer(point, best, splittable);
    },
    finish: own.finish,
    rejoin: own.rejoin,
  };
  const result = await searchPlan(problem, { mode: 'build', timeLimitSeconds: UNTIL_CONVERGED, seed: 8, exchange: spy });
  t.equal(offered.length, Math.floor(result.work / EXCHANGE_WORK), 'an offer after every EXCHANGE_WORK of work');
  t.ok(offered.length > 0, `${offered.length} offers`);
  t.ok(result.searchCost <= Math.min(...offered), `${result.searchCost} returned, ${Math.min(...offered)} offered`);
  t.ok(atMost(result.searchCost, other.searchCost), `${result.searchCost} returned, ${other.searchCost} the other's`);
});

t.test('a lane has tasks queued only while more jobs are in flight than it has workers', async (t) => {
  const counter = queuedTasksCounter();
  publishQueuedTasks(counter, 2, 2);
  t.notOk(tasksAreQueued(counter));
  publishQueuedTasks(counter, 3, 2);
  t.ok(tasksAreQueued(counter));
  publishQueuedTasks(counter, 1, 2);
  t.notOk(tasksAreQueued(counter));
});

t.test('a search that must give way once the searches it helps have ended hands in its plan without annealing', async (t) => {
  const problem = parseProblem(randomVrpBody(29, { jobs: 40, routes: 4 }));
  const giveWay = { queued: () => true, othersEnded: () => true };
  const result = await searchPlan(problem, { mode: 'build', timeLimitSeconds: UNTIL_CONVERGED, giveWay });
  t.equal(result.iterations, 0, 'no annealing iteration');
  t.equal(result.order.length, problem.routes.length, 'a plan of every route');
});

/** A helper thread's result; `answer` replies to each of its messages but the result (null by default). */
function helperResult(job: SearchThreadJob, answer: (message: SearchThreadMessage) => unknown = () => null): Promise<PlanSearchResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('../../src/solver/search/search-thread.js', import.meta.url), { workerData: job });
    worker.on('message', (message: SearchThreadMessage) => {
      if (message.kind === 'result') resolve(message.result);
      else worker.postMessage(answer(message));
    });
    worker.once('error', reject);
  });
}

/** A helper's job on a problem of 40 jobs, its lane with a task queued. */
async function queuedHelperJob(seed: number): Promise<SearchThreadJob> {
  const problem = parseProblem(randomVrpBody(seed, { jobs: 40, routes: 4 }));
  const queuedTasks = queuedTasksCounter();
  publishQueuedTasks(queuedTasks, 3, 2);
  const { matrices, classOfRoute } = await travelMatricesOf(problem);
  const othersEnded = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  return { problem, options: { mode: 'build', timeLimitSeconds: UNTIL_CONVERGED, seed: 2 }, travel: { matrices, classOfRoute }, queuedTasks, othersEnded };
}

t.test('a helper paused by a queued task ends, without annealing, once the search it helps has ended', async (t) => {
  const job = await queuedHelperJob(31);
  const result = await helperResult(job, (message) => {
    if (message.kind === 'finish') Atomics.store(job.othersEnded, 0, 1);
    return null;
  });
  t.equal(result.iterations, 0, 'no annealing iteration');
});

t.test('a helper paused by a queued task rejoins the exchange and anneals once the queue is empty', async (t) => {
  const job = await queuedHelperJob(33);
  const kinds: string[] = [];
  const result = await helperResult(job, (message) => {
    kinds.push(message.kind);
    if (message.kind === 'finish') publishQueuedTasks(job.queuedTasks!, 2, 2);
    if (message.kind === 'rejoin') return { point: 1, adopt: null };
    if (message.kind !== 'offer') return null;
    // A task queued again, and the search it helps ended: the helper pauses once more and ends.
    publishQueuedTasks(job.queuedTasks!, 3, 2);
    Atomics.store(job.othersEnded, 0, 1);
    return { adopt: null, frozen: [] };
  });
  t.same(kinds, ['finish', 'rejoin', 'offer', 'finish']);
  t.ok(result.iterations > 0, `${result.iterations} annealing iterations`);
});

t.test('the worker\'s own search goes on while its helpers give way to a queued task', async (t) => {
  const problem = parseProblem(randomVrpBody(37, { jobs: 40, routes: 4 }));
  const queuedTasks = queuedTasksCounter();
  publishQueuedTasks(queuedTasks, 3, 2);
  setWorkerResource(QUEUED_TASKS, queuedTasks);
  t.teardown(() => setWorkerResource(QUEUED_TASKS, undefined));
  const travel = await travelMatricesOf(problem);
  const result = await searchWithThreads(problem, { mode: 'build', timeLimitSeconds: UNTIL_CONVERGED }, 2, travel);
  t.ok(result.iterations > 0, `${result.iterations} annealing iterations`);
});

t.test('two cooperating searches build a plan the instance checker finds feasible', { skip: r101.skip }, async (t) => {
  const summary = await solveFile(r101.path, { objective: 'vehicles-distance', timeLimitSeconds: 3, seed: 1 });
  const check = checkInstancePlan(instanceFormats.solomon(readFileSync(r101.path, 'utf8')), summary.routes);
  t.same(check.faults, []);
  t.equal(summary.unrouted, 0);
});
