/**
 * Insert's `jobs_to_insert` and recommend's `job` are validated and normalized as top-level jobs that follow
 * `jobs` (so in `settings.matrix` their places come right after those of `jobs`, places.ts), while every fault
 * keeps the path the client wrote (`request.jobs_to_insert[2].location`, `request.job.time_window`).
 */
import { FaultList } from '../../conventions/faults.js';
import type { Job, Problem } from '../../problem/model.js';
import { normalizeProblem } from '../../problem/parse-problem.js';

/** The problem normalized with the added jobs among its jobs, and those jobs in the order given. */
export interface AddedJobsRequest {
  problem: Problem;
  added: Job[];
}

function topLevelJobs(body: Record<string, unknown>): unknown[] {
  return Array.isArray(body.jobs) ? body.jobs : [];
}

/** The client's path of a fault found in the combined body: `pathOf(k)` is that of the k-th added job. */
function clientPath(property: string, firstAdded: number, pathOf: (added: number) => string): string {
  const match = /^request\.jobs\[(\d+)\](.*)$/.exec(property);
  if (!match || Number(match[1]) < firstAdded) return property;
  return `${pathOf(Number(match[1]) - firstAdded)}${match[2]}`;
}

/**
 * Normalizes `body` with `added` as extra top-level jobs, adding every fault to `faults` at the client's path
 * (the schema's faults of the body are already there); undefined when there is any.
 */
export function normalizeWithAddedJobs(body: Record<string, unknown>, field: string, added: unknown[],
  pathOf: (added: number) => string, faults: FaultList): AddedJobsRequest | undefined {
  const firstAdded = topLevelJobs(body).length;
  const { [field]: _omitted, ...rest } = body;
  const combinedFaults = new FaultList();
  const problem = normalizeProblem({ ...rest, jobs: [...topLevelJobs(body), ...added] }, combinedFaults);
  for (const error of combinedFaults.errors) faults.addError(error, clientPath(error.property, firstAdded, pathOf));
  if (!problem || !faults.empty) return undefined;
  return { problem, added: problem.jobs.slice(firstAdded, firstAdded + added.length) };
}
