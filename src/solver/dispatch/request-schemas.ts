/**
 * The bodies of the dispatching endpoints as /docs publishes them: a problem plus each endpoint's own fields.
 * Their values are checked by each operation's `validate` (dispatch-fields.ts, added-jobs.ts), which collects
 * every fault with its path.
 */
import { jobSchema } from '../../problem/schema/job.js';
import { problemSchema } from '../../problem/schema/problem.js';
import { booleanLike, integerLike, numberLike } from '../../problem/schema/scalars.js';

function problemWith(properties: Record<string, unknown>): Record<string, unknown> {
  return { ...problemSchema, properties: { ...problemSchema.properties, ...properties } };
}

export const insertSchema = problemWith({
  jobs_to_insert: { type: 'array', items: jobSchema },
  allow_hard_constraint_violations: booleanLike,
});

export const recommendSchema = problemWith({
  job: jobSchema,
  max_results: integerLike,
  max_results_per_date: integerLike,
  max_results_per_driver: integerLike,
  max_results_per_route: integerLike,
  allow_hard_constraint_violations: booleanLike,
});

export const consolidateSchema = problemWith({ max_gap_meters: numberLike });
