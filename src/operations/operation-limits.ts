/**
 * Limits and budgets that operations apply, taken from the Config by the server and handed to every worker
 * (operations receive only their request, and never read flags or the environment). The defaults are Config's,
 * for operations run outside a server (tests, the `solve` command).
 */
export interface OperationLimits {
  /** insert: more `jobs_to_insert` than this is 400 `too_many_jobs_to_insert_error`. */
  maxJobsToInsert: number;
  /** Upper bound of `settings.time_limit_seconds`. */
  maxTimeLimitSeconds: number;
  /** Searches per build or optimize (this thread and helper threads). */
  solveThreads: number;
}

let limits: OperationLimits = { maxJobsToInsert: 1000, maxTimeLimitSeconds: 600, solveThreads: 2 };

export function setOperationLimits(next: OperationLimits): void {
  limits = { maxJobsToInsert: next.maxJobsToInsert, maxTimeLimitSeconds: next.maxTimeLimitSeconds, solveThreads: next.solveThreads };
}

export function operationLimits(): OperationLimits {
  return limits;
}
