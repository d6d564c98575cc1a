/**
 * Insert's `jobs_to_insert` and recommend's `job` are validated and normalized as top-level jobs that follow
 * `jobs` (so in `settings.matrix` their places come right after those of `jobs`, places.ts), while every fault
 * keeps the path the client wrote (`request.jobs_to_insert[2].location`, `request.job.time_window`).
 */
import { AppError, validationFailed, type ValidationError } from '../../errors.js';
import type { Job, Problem } from '../../problem/model.js';
import { parseProblem } from '../../problem/parse-problem.js';

/** The problem normalized with the added jobs among its jobs, and those jobs in the order given. */
export interface AddedJobsRequest {
  problem: Problem;
  added: Job[];
}

function topLevelJobs(body: Record<string, unknown>): unknown[] {
  return Array.isArray(body.jobs) ? body.jobs : [];
}

/** `pathOf(k)` is the client's path of the k-th added job. */
function withClientPaths(errors: ValidationError[], firstAdded: number, pathOf: (added: number) => string): ValidationError[] {
  return errors.map((error) => {
    const match = /^request\.jobs\[(\d+)\](.*)$/.exec(error.property);
    if (!match || Number(match[1]) < firstAdded) return error;
    return { ...error, property: `${pathOf(Number(match[1]) - firstAdded)}${match[2]}` };
  });
}

/** Parses `body` with `added` as extra top-level jobs; throws one validation_failed_error listing every fault. */
export function parseWithAddedJobs(body: Record<string, unknown>, field: string, added: unknown[],
  pathOf: (added: number) => string, faults: ValidationError[] = []): AddedJobsRequest {
  const firstAdded = topLevelJobs(body).length;
  const { [field]: _omitted, ...rest } = body;
  const combined = { ...rest, jobs: [...topLevelJobs(body), ...added] };
  let problem: Problem | undefined;
  let errors = faults;
  try {
    problem = parseProblem(combined);
  } catch (error) {
    if (!(error instanceof AppError) || !error.errors) throw error;
    errors = [...withClientPaths(error.errors, firstAdded, pathOf), ...faults];
  }
  if (!problem || errors.length > 0) throw validationFailed(errors);
  return { problem, added: problem.jobs.slice(firstAdded, firstAdded + added.length) };
}
