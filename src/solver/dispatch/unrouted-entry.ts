import type { Job } from '../../problem/model.js';

/** An `unrouted_jobs` entry: the job's id and its `custom`. */
export function unroutedEntry(job: Job): Record<string, unknown> {
  const entry: Record<string, unknown> = { type: 'job', id: job.id };
  if (job.source.custom !== undefined) entry.custom = job.source.custom;
  return entry;
}
