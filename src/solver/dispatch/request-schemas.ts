/**
 * The bodies of the dispatching endpoints as /docs publishes them: a problem plus each endpoint's own fields.
 * Each is run on every body first (src/operations/define-operation.ts); dispatch-fields.ts and added-jobs.ts
 * then read quoted values, the added jobs and the limits the schema cannot say.
 */
import { jobSchema } from '../../problem/schema/job.js';
import { problemSchema } from '../../problem/schema/problem.js';
import { booleanLike, integerLike, numberLike } from '../../problem/schema/scalars.js';

function problemWith(properties: Record<string, unknown>, required: string[] = []): Record<string, unknown> {
  return { ...problemSchema, ...(required.length > 0 && { required }), properties: { ...problemSchema.properties, ...properties } };
}

/** A cap of recommend's results: a positive integer, or -1, null or "" for none (quoted integers accepted). */
const resultCap = { ...integerLike, pattern: '^\\s*([-+]?\\d+\\s*)?$', description: '-1, null or "" for no cap' };

export const insertSchema = problemWith({
  jobs_to_insert: { type: 'array', items: jobSchema, description: 'absent: nothing to insert' },
  allow_hard_constraint_violations: booleanLike,
});

export const recommendSchema = problemWith({
  job: { ...jobSchema, description: 'the job to recommend positions for' },
  max_results: resultCap,
  max_results_per_date: resultCap,
  max_results_per_driver: resultCap,
  max_results_per_route: resultCap,
  allow_hard_constraint_violations: booleanLike,
}, ['job']);

export const consolidateSchema = problemWith({ max_gap_meters: numberLike });
