// Helper thread entry: one more search of the same problem from another seed (search-threads.ts). It gets the
// travel matrices with the problem, so it needs neither the road network nor the worker pool's resources.
import { parentPort, workerData } from 'node:worker_threads';
import type { Problem } from '../../problem/model.js';
import { searchPlan, type PlanSearchOptions, type SearchTravel } from './plan-search.js';

export interface SearchThreadJob {
  problem: Problem;
  options: Pick<PlanSearchOptions, 'mode' | 'timeLimitSeconds' | 'seed' | 'minimizeFleet'>;
  travel: SearchTravel;
}

const job = workerData as SearchThreadJob;
parentPort!.postMessage(await searchPlan(job.problem, job.options, job.travel));
