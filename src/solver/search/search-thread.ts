// Helper thread entry: one more search of the same problem from another seed (search-threads.ts). It gets the
// travel matrices with the problem, so it needs neither the road network nor the worker pool's resources. It
// meets the other searches through the thread that started it, and ends early while its lane has a task waiting.
import { parentPort, workerData } from 'node:worker_threads';
import type { Problem } from '../../problem/model.js';
import { tasksAreQueued } from '../../pool/queued-tasks.js';
import type { Exchange, SharedPlan } from './best-exchange.js';
import { searchPlan, type PlanSearchOptions, type PlanSearchResult, type SearchTravel } from './plan-search.js';

export interface SearchThreadJob {
  problem: Problem;
  options: Pick<PlanSearchOptions, 'mode' | 'timeLimitSeconds' | 'seed' | 'minimizeFleet' | 'leavesFleet'>;
  travel: SearchTravel;
  /** The lane's count of waiting tasks (src/pool/queued-tasks.ts); none outside the pool. */
  queuedTasks?: Int32Array;
}

/** From a helper to the thread that started it. */
export type SearchThreadMessage = { kind: 'offer'; point: number; best: SharedPlan } | { kind: 'result'; result: PlanSearchResult };

const job = workerData as SearchThreadJob;
const port = parentPort!;

// One offer is outstanding at a time: the search waits for its answer before it goes on.
const exchange: Exchange = (point, best) => new Promise((answer) => {
  port.once('message', answer);
  port.postMessage({ kind: 'offer', point, best } satisfies SearchThreadMessage);
});

const giveWay = () => job.queuedTasks !== undefined && tasksAreQueued(job.queuedTasks);

const result = await searchPlan(job.problem, { ...job.options, exchange, giveWay }, job.travel);
port.postMessage({ kind: 'result', result } satisfies SearchThreadMessage);
