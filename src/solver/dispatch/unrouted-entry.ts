import type { Job } from '../../problem/model.js';
import type { UnroutedReason } from '../unrouted/unrouted-reasons.js';

/** An `unrouted_jobs` entry: the job's id, its `custom`, and why it is unrouted when that was asked. */
export function unroutedEntry(job: Job, reasons?: UnroutedReason[]): Record<string, unknown> {
  const entry: Record<string, unknown> = { type: 'job', id: job.id };
  if (job.source.custom !== undefined) entry.custom = job.source.custom;
  if (reasons !== undefined) entry.reasons = reasons;
  return entry;
}
