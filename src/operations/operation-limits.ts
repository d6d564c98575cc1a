/**
 * Limits that an operation's `validate` enforces on the HTTP thread, where no Config reaches it (validate
 * receives the body only). The server sets them from its Config when it starts; the defaults are Config's.
 * Kept apart from config.ts so that operation modules never read flags or the environment.
 */
export interface OperationLimits {
  /** insert: more `jobs_to_insert` than this is 400 `too_many_jobs_to_insert_error`. */
  maxJobsToInsert: number;
}

let limits: OperationLimits = { maxJobsToInsert: 1000 };

export function setOperationLimits(next: OperationLimits): void {
  limits = { maxJobsToInsert: next.maxJobsToInsert };
}

export function operationLimits(): OperationLimits {
  return limits;
}
