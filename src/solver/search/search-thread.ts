// Helper thread entry: one more search of the same problem from another seed (search-threads.ts). It gets the
// travel matrices with the problem, so it needs neither the road network nor the worker pool's resources. It
// meets the other searches through the thread that started it, and pauses while its lane has a task waiting.
import { parentPort, workerData } from 'node:worker_threads';
import type { Problem } from '../../problem/model.js';
import { tasksAreQueued } from '../../pool/queued-tasks.js';
import type { Exchange, ExchangeAnswer, Rejoined, SharedPlan } from './best-exchange.js';
import { searchPlan, type GiveWay, type PlanSearchOptions, type PlanSearchResult, type SearchTravel } from './plan-search.js';

export interface SearchThreadJob {
  problem: Problem;
  options: Pick<PlanSearchOptions, 'mode' | 'timeLimitSeconds' | 'seed' | 'minimizeFleet' | 'leavesFleet'>;
  travel: SearchTravel;
  /** The lane's count of waiting tasks (src/pool/queued-tasks.ts); none outside the pool. */
  queuedTasks?: Int32Array;
  /** Set to 1 once the search of the thread that started this one has ended (one Int32 in shared memory). */
  othersEnded: Int32Array;
}

/** From a helper to the thread that started it; an offer and a finish are answered by a message back. */
export type SearchThreadMessage =
  | { kind: 'offer'; point: number; best: SharedPlan; splittable: boolean }
  | { kind: 'finish'; best: SharedPlan }
  | { kind: 'rejoin' }
  | { kind: 'result'; result: PlanSearchResult };

const job = workerData as SearchThreadJob;
const port = parentPort!;

// One message is outstanding at a time: the search waits for its answer before it goes on.
function ask<Answer>(message: SearchThreadMessage): Promise<Answer> {
  return new Promise((answer) => {
    port.once('message', answer);
    port.postMessage(message);
  });
}

const exchange: Exchange = {
  offer: (point, best, splittable) => ask<ExchangeAnswer>({ kind: 'offer', point, best, splittable }),
  finish: (best) => ask<number[][] | null>({ kind: 'finish', best }),
  rejoin: () => ask<Rejoined>({ kind: 'rejoin' }),
};

function giveWayTo(queuedTasks: Int32Array): GiveWay {
  return { queued: () => tasksAreQueued(queuedTasks), othersEnded: () => Atomics.load(job.othersEnded, 0) !== 0 };
}

const giveWay = job.queuedTasks && giveWayTo(job.queuedTasks);

const result = await searchPlan(job.problem, { ...job.options, exchange, giveWay }, job.travel);
port.postMessage({ kind: 'result', result } satisfies SearchThreadMessage);
