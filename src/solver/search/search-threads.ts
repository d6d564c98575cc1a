/**
 * Cooperating searches of one problem from different seeds at once, exchanging their best plans as they go
 * (best-exchange.ts); the cheapest plan wins. A pool worker cannot use the pool itself, so the extra searches
 * run in helper threads of their own (at most `threads - 1` per solve, FLEETROUTE_SOLVE_THREADS), while this
 * thread runs the first seed and keeps the exchange. Only this thread's search minimises the fleet by
 * ejection-pool phases; the helpers search distance meanwhile, at the fleet they hold or adopt from it. Once no
 * phase may run, a large plan's routes are split between the searches (route-regions.ts). Travel
 * matrices are obtained once and copied to the helpers. Helpers pause while a task waits for a worker of the
 * lane, and end then once this thread's search has; cancellation terminates them.
 */
import { Worker } from 'node:worker_threads';
import type { Problem } from '../../problem/model.js';
import { laneQueuedTasks } from '../../pool/queued-tasks.js';
import { BestExchange } from './best-exchange.js';
import { RouteRegions } from './route-regions.js';
import { searchPlan, type PlanSearchOptions, type PlanSearchResult, type SearchTravel } from './plan-search.js';
import type { SearchThreadJob, SearchThreadMessage } from './search-thread.js';

function searchInThread(job: SearchThreadJob, exchange: BestExchange, search: number, helpers: Set<Worker>): Promise<PlanSearchResult> {
  const side = exchange.side(search);
  return new Promise<PlanSearchResult>((resolve, reject) => {
    const worker = new Worker(new URL('./search-thread.js', import.meta.url), { workerData: job });
    helpers.add(worker);
    const reply = (answer: Promise<unknown>) => void answer.then((value) => worker.postMessage(value));
    worker.on('message', (message: SearchThreadMessage) => {
      if (message.kind === 'result') resolve(message.result);
      else if (message.kind === 'offer') reply(side.offer(message.point, message.best, message.splittable));
      else if (message.kind === 'rejoin') reply(side.rejoin());
      else reply(side.finish(message.best));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      helpers.delete(worker);
      if (code !== 0) reject(new Error(`search thread exited with code ${code}`));
    });
  }).finally(() => exchange.leave(search));
}

/** `travel`: the problem's matrices, obtained once by the caller (which keeps them to explain unrouted jobs). */
export async function searchWithThreads(problem: Problem, options: PlanSearchOptions, threads: number, travel: SearchTravel): Promise<PlanSearchResult> {
  // Sequence runs in one thread: it proves short routes in milliseconds, less than a helper takes to start, and
  // its long routes reached the built order within its default second on the sequence benchmark (docs/vrp.md).
  const helperCount = options.mode === 'sequence' || problem.jobs.length < 3 ? 0 : Math.max(threads - 1, 0);
  if (helperCount === 0) return searchPlan(problem, options, travel);
  const helpers = new Set<Worker>();
  const stop = () => { for (const worker of helpers) void worker.terminate(); };
  options.signal?.addEventListener('abort', stop, { once: true });
  const exchange = new BestExchange(helperCount + 1, new RouteRegions(problem.jobs.map((job) => job.location.point)));
  try {
    const { mode, timeLimitSeconds, minimizeFleet } = options;
    const seed = options.seed ?? 1;
    const queuedTasks = laneQueuedTasks();
    const othersEnded = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
    const others = Array.from({ length: helperCount }, (_, index) => searchInThread(
      { problem, travel, options: { mode, timeLimitSeconds, minimizeFleet, seed: seed + index + 1, leavesFleet: true }, othersEnded, ...(queuedTasks && { queuedTasks }) },
      exchange, index + 1, helpers));
    // Handled here too: when this thread's search is canceled first, the helpers' failures must not go unheard.
    for (const helper of others) helper.catch(() => undefined);
    const own = await searchPlan(problem, { ...options, exchange: exchange.side(0) }, travel).finally(() => {
      exchange.leave(0);
      Atomics.store(othersEnded, 0, 1);
    });
    // A helper is an extra chance, not a requirement: one that fails (or is stopped) is left out.
    const extra = (await Promise.allSettled(others)).flatMap((settled) => (settled.status === 'fulfilled' ? [settled.value] : []));
    return extra.reduce((best, result) => (result.searchCost < best.searchCost ? result : best), own);
  } finally {
    options.signal?.removeEventListener('abort', stop);
    stop();
  }
}
