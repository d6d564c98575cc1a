/**
 * Runs the planning search on a problem within a time budget: bind the problem in this thread's VRP kernel,
 * start from the given routes (and, for build and optimize, insert the unrouted jobs by regret), improve by
 * local search and then ruin-and-recreate under simulated annealing in chunks, checking the deadline and
 * cancellation between chunks. Returns the best plan as visits per route (jobs and depot visits).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { BoundProblem } from '../../kernels/vrp-bound-problem.js';
import { searchModes, VrpSearch, type SearchMode } from '../../kernels/vrp-search.js';
import type { Problem } from '../../problem/model.js';
import { travelMatricesOf } from '../plan-timing.js';
import { searchProblemOf } from './search-problem.js';
import type { Exchange, SharedPlan } from './best-exchange.js';

export interface PlanSearchOptions {
  mode: SearchMode;
  timeLimitSeconds: number;
  seed?: number;
  /** Routes with a fixed cost make the search also try to empty routes (fleet minimisation). */
  minimizeFleet?: boolean;
  signal?: AbortSignal;
  reportProgress?(fraction: number): void;
  /** Called with the search's internal cost of each new best plan and the seconds since the start. */
  onBest?(cost: number, seconds: number): void;
  /**
   * Cooperating searches (search-threads.ts): after every EXCHANGE_WORK of annealing work the search offers
   * its best plan and adopts the one it may get back, then works on the routes of its own region (when the plan
   * is split, best-exchange.ts); as it ends it hands its best plan in.
   */
  exchange?: Exchange;
  /**
   * Another search minimises the fleet (a helper, search-threads.ts): this one runs no ejection-pool phase and
   * searches distance at the fleet it holds or adopts.
   */
  leavesFleet?: boolean;
  /** A helper search gives way to its lane's queued tasks (search-threads.ts). */
  giveWay?: GiveWay;
}

/**
 * While `queued` says a task waits for a worker, a helper pauses: it hands its best plan in and leaves the
 * exchange, then rejoins once the queue is empty. It ends instead when `othersEnded` says the searches it helps
 * have, or when its budget is spent.
 */
export interface GiveWay {
  queued(): boolean;
  othersEnded(): boolean;
}

export interface PlanSearchResult {
  /** Visits of each route, in order: job indices, and −(place + 1) for depot visits (reloads). */
  order: number[][];
  /** Internal cost of the plan as the search priced it, unrouted penalties included. */
  searchCost: number;
  /** Annealing iterations, an ejection-pool phase's step counted as one. */
  iterations: number;
  /** Annealing work (assembly/vrp/work.ts: travel times looked up and segments joined), what the exchange counts. */
  work: number;
  seconds: number;
}

/**
 * Annealing work between exchanges of the best plan: counted (assembly/vrp/work.ts), not timed, so that the
 * points do not move with the machine's load. The work done per millisecond varies less from one problem to
 * another than the iterations do (one search, 5 s: R105 and RC207 about 80,000; r1_10_1 30,000 to 40,000), so
 * one interval gives points about as far apart in time on every size: r1_10_1's distance search did about 4,300
 * per iteration, so the searches meet every 58,000 or so iterations there, every 6 to 9 s, about where 60,000
 * iterations put them before; R105's 2,400 and RC207's 5,000 to 6,800 per iteration put them every 3 s.
 */
export const EXCHANGE_WORK = 250_000_000;
/** Granular neighbourhood size. */
const NEIGHBOURS = 30;
/** A chunk of annealing work aims at this many milliseconds between deadline checks. */
const CHUNK_MILLISECONDS = 25;
/**
 * The search has converged when its schedule has cooled and the best plan has not improved for this share of
 * its horizon… While the schedule is still hot the plan wanders above the best for long stretches: on X-n200
 * with a 48 s horizon the best stood still from 2 s to 17 s, and a stall counted from the start ended that
 * search at 3.2 % above the best-known.
 */
const STALL_SHARE = 0.3;
/**
 * A search's horizon: its budget, but at most what a problem of its size needs. A generous budget on a small
 * problem then neither cools too slowly to converge nor waits out a stall of minutes once it has. On 250 to
 * 1000 jobs the best plan still improves wherever the schedule is still cooling, and stops soon after it has
 * cooled (docs/vrp.md, *Large CVRP instances*): the budgets of 240 ms per job are used whole, and so are
 * 300 ms per job (200 customers in 60 s, which at 250 ms cooled by 50 s and stopped there, 10 s unused).
 */
const HORIZON_MILLISECONDS_PER_JOB = 300;
const MIN_HORIZON_MILLISECONDS = 10000;
/** …and for at least this many iterations per job (and STALL_ITERATIONS in all). */
const STALL_ITERATIONS_PER_JOB = 2000;
const STALL_ITERATIONS = 100000;

function routesHaveFixedCost(problem: Problem): boolean {
  return problem.routes.some((route) => route.fixedCost > 0);
}

/** Travel matrices per class and the class of each route, as travelMatricesOf gives them. */
export type SearchTravel = Pick<Awaited<ReturnType<typeof travelMatricesOf>>, 'matrices' | 'classOfRoute'>;

/** `travel`: matrices already obtained (helper threads get them from the thread that asked). */
export async function searchPlan(problem: Problem, options: PlanSearchOptions, travel?: SearchTravel): Promise<PlanSearchResult> {
  const started = performance.now();
  const budget = options.timeLimitSeconds * 1000;
  const { matrices, classOfRoute } = travel ?? await travelMatricesOf(problem);
  const prepared = searchProblemOf(problem, classOfRoute, options.mode === 'sequence');
  const bound = new BoundProblem(prepared.flat, matrices);
  const search = new VrpSearch(bound, {
    allowed: prepared.allowed,
    priorities: prepared.priorities,
    scratchVisit: prepared.scratchVisit,
    depotPlaces: prepared.depotPlaces,
    reloadSlots: prepared.reloadSlots,
    seed: options.seed ?? 1,
    neighbours: NEIGHBOURS,
    keepRoutes: options.mode === 'sequence',
  });
  const kernel = search.exports;
  const mode = searchModes[options.mode];
  const elapsed = () => performance.now() - started;
  // Sequence stops as soon as every route is short enough to be put in its proven cheapest order: at once, or
  // once the local search has made the late ones feasible.
  const sequencing = options.mode === 'sequence';
  let proven = sequencing && kernel.searchSequenceExactly() === 0;
  // One pass at a time, so that a long sequence still meets its deadline.
  while (!proven && kernel.searchLocal(mode, 1) > 0 && elapsed() < budget) await betweenChunks(options.signal);
  proven ||= sequencing && kernel.searchSequenceExactly() === 0;
  options.onBest?.(kernel.searchBestCost(), elapsed() / 1000);
  let annealed = { iterations: 0, work: 0 };
  if (!proven && problem.jobs.length > 1) {
    annealed = await anneal(search, problem, mode, options, elapsed, budget);
  }
  options.reportProgress?.(1);
  return { order: search.bestRoutes(problem.routes.length), searchCost: kernel.searchBestCost(), ...annealed, seconds: elapsed() / 1000 };
}

/** Lets the event loop run (a cancel arrives as a message) and stops if the task was canceled. */
async function betweenChunks(signal: AbortSignal | undefined): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  signal?.throwIfAborted();
}

function bestOf(search: VrpSearch, routeCount: number): SharedPlan {
  return { order: search.bestRoutes(routeCount), searchCost: search.exports.searchBestCost() };
}

/**
 * Offers this search's best plan at an exchange point, adopts the plan that comes back, if any, and leaves the
 * routes of the other searches' regions alone until the next point.
 */
async function shareBest(search: VrpSearch, routeCount: number, exchange: Exchange, point: number): Promise<void> {
  const answer = await exchange.offer(point, bestOf(search, routeCount), search.exports.searchPhasesOver() === 1);
  if (answer.adopt) search.adopt(answer.adopt);
  search.freeze(answer.frozen);
}

/** Hands this search's best plan in as it ends; the last search to end may get every region's plan joined. */
async function finishSharing(search: VrpSearch, routeCount: number, exchange: Exchange): Promise<void> {
  const joined = await exchange.finish(bestOf(search, routeCount));
  if (joined) search.adopt(joined);
}

/** The next exchange point: its number and the work left to it. */
class ExchangePoints {
  next = 1;
  #left = EXCHANGE_WORK;

  /** What a chunk of `chunk` may run: it ends at the next point, or an iteration past it. */
  limit(chunk: number): number {
    return Math.min(chunk, this.#left);
  }

  /** Counts a chunk's work; true once the next point is reached. */
  reached(done: number): boolean {
    this.#left -= done;
    return this.#left <= 0;
  }

  /** The point reached, now passed: the one after lies EXCHANGE_WORK beyond it, less what the chunk ran past. */
  pass(): number {
    this.#left += EXCHANGE_WORK;
    return this.next++;
  }

  /** After a pause, the point the exchange named, a whole interval of work away. */
  resumeAt(point: number): void {
    this.next = point;
    this.#left = EXCHANGE_WORK;
  }
}

/** How long a paused helper sleeps between looks at its lane's queue. */
const PAUSE_POLL_MILLISECONDS = 20;

/** Takes part in the exchange again after a pause; returns the point to offer at next. */
async function rejoinSharing(search: VrpSearch, exchange: Exchange): Promise<number> {
  const { point, adopt } = await exchange.rejoin();
  if (adopt) {
    search.adopt(adopt);
    search.freeze(adopt.map(() => false));
  }
  return point;
}

/**
 * Pauses while a task is queued (GiveWay), its plan handed in; false when the search should end instead.
 */
async function pauseWhileQueued(search: VrpSearch, routeCount: number, giveWay: GiveWay, options: PlanSearchOptions,
                                points: ExchangePoints, elapsed: () => number, budget: number): Promise<boolean> {
  const { exchange } = options;
  if (exchange) await finishSharing(search, routeCount, exchange);
  const over = () => giveWay.othersEnded() || elapsed() >= budget;
  while (giveWay.queued() && !over()) {
    await sleep(PAUSE_POLL_MILLISECONDS);
    options.signal?.throwIfAborted();
  }
  if (over()) return false;
  if (exchange) points.resumeAt(await rejoinSharing(search, exchange));
  return true;
}

async function anneal(search: VrpSearch, problem: Problem, mode: number, options: PlanSearchOptions, elapsed: () => number, budget: number): Promise<{ iterations: number; work: number }> {
  const kernel = search.exports;
  const jobCount = problem.jobs.length;
  kernel.searchStartAnnealing(routesHaveFixedCost(problem) || options.minimizeFleet === true ? 1 : 0, mode, options.leavesFleet === true ? 0 : 1);
  let chunk = 16;
  let work = 0;
  const points = new ExchangePoints();
  let handedIn = false;
  let best = kernel.searchBestCost();
  let lastImprovement = { at: elapsed(), iteration: 0 };
  const stallIterations = Math.max(STALL_ITERATIONS, STALL_ITERATIONS_PER_JOB * jobCount);
  const horizon = Math.min(budget, Math.max(MIN_HORIZON_MILLISECONDS, HORIZON_MILLISECONDS_PER_JOB * jobCount));
  while (elapsed() < budget) {
    await betweenChunks(options.signal);
    if (options.giveWay?.queued()) {
      handedIn = !(await pauseWhileQueued(search, problem.routes.length, options.giveWay, options, points, elapsed, budget));
      if (handedIn) break;
      continue;
    }
    // Every search offers its plan after the same work.
    const run = options.exchange ? points.limit(chunk) : chunk;
    const from = Math.min(elapsed() / horizon, 1);
    const before = performance.now();
    const to = Math.min((elapsed() + CHUNK_MILLISECONDS * run / chunk) / horizon, 1);
    const done = kernel.searchAnneal(run, from, to);
    work += done;
    const iterations = kernel.searchIterations();
    const spent = performance.now() - before;
    chunk = Math.max(1, Math.round(Math.min(2 * chunk, done * CHUNK_MILLISECONDS / Math.max(spent, 0.1))));
    if (options.exchange && points.reached(done)) await shareBest(search, problem.routes.length, options.exchange, points.pass());
    options.reportProgress?.(Math.min(elapsed() / budget, 0.99));
    const cost = kernel.searchBestCost();
    if (cost < best) {
      best = cost;
      lastImprovement = { at: elapsed(), iteration: iterations };
      options.onBest?.(cost, elapsed() / 1000);
    }
    const cooled = elapsed() >= horizon;
    const stalled = cooled && elapsed() - lastImprovement.at > STALL_SHARE * horizon && iterations - lastImprovement.iteration > stallIterations;
    if (stalled) break;
  }
  if (options.exchange && !handedIn) await finishSharing(search, problem.routes.length, options.exchange);
  return { iterations: kernel.searchIterations(), work };
}
