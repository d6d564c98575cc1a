/**
 * POST /v1/insert (docs/api.md, Dispatching): each job of `jobs_to_insert` goes where it adds the least
 * internal cost (higher priorities first, then the cheapest first: insertion-order.ts); existing visits keep
 * their order (a depot visit is added with a job that needs a reload); jobs that fit nowhere without a new hard
 * violation (unless `allow_hard_constraint_violations`) are `unrouted_jobs`, each with its reasons
 * (docs/planning-model.md). The plan is then timed and answered exactly as evaluate would answer it.
 */
import { AppError } from '../errors.js';
import type { FaultList } from '../conventions/faults.js';
import { defineOperation } from '../operations/define-operation.js';
import { routedPlaces } from '../problem/routed-places.js';
import { operationLimits } from '../operations/operation-limits.js';
import { asObject } from '../problem/normalize/fields.js';
import { normalizeWithAddedJobs, type AddedJobsRequest } from './dispatch/added-jobs.js';
import { insertCheapestFirst } from './dispatch/insertion-order.js';
import { allowHardOf } from './dispatch/dispatch-fields.js';
import { DispatchPlan } from './dispatch/dispatch-plan.js';
import { insertSchema } from './dispatch/request-schemas.js';
import { unroutedReasons } from './unrouted/unrouted-reasons.js';
import { timePlan } from './plan-timing.js';
import { planResult, planResultViews } from './plan-result.js';

export interface InsertRequest {
  problem: AddedJobsRequest;
  allowHard: boolean;
}

/** The jobs to insert (none when absent or not a list: the schema reported that), within the configured limit. */
function jobsToInsertOf(body: Record<string, unknown>): unknown[] {
  const jobs = body.jobs_to_insert;
  if (!Array.isArray(jobs)) return [];
  const limit = operationLimits().maxJobsToInsert;
  if (jobs.length > limit) {
    throw new AppError('too_many_jobs_to_insert_error', `${jobs.length} jobs to insert; at most ${limit} are accepted`, {
      extra: { max_jobs_to_insert: limit },
    });
  }
  return jobs;
}

function readInsert(input: unknown, faults: FaultList): InsertRequest | undefined {
  const body = asObject(input);
  if (!body) return undefined;
  const jobs = jobsToInsertOf(body);
  const allowHard = allowHardOf(body, faults);
  const problem = normalizeWithAddedJobs(body, 'jobs_to_insert', jobs, (index) => `request.jobs_to_insert[${index}]`, faults);
  return problem && { problem, allowHard };
}

export const operation = defineOperation({
  name: 'insert',
  kind: 'task',
  requestSchema: insertSchema,
  ...planResultViews,
  read: readInsert,
  locations: (request) => routedPlaces(request.problem.problem),
  async compute(request, context) {
    const { problem, added } = request.problem;
    const plan = await DispatchPlan.of(problem);
    const unrouted = insertCheapestFirst(plan, added, {
      allowHard: request.allowHard,
      signal: context.signal,
      reportProgress: (fraction) => context.reportProgress(fraction * 0.9),
    });
    // Before timing the plan: that binds another problem in this thread's kernel, which the dispatch plan uses.
    const reasons = problem.settings.explainUnrouted ? unroutedReasons(plan, unrouted, context.signal) : undefined;
    const planned = plan.planned();
    const timing = await timePlan(planned, context.signal);
    return { planned, routes: timing.routes, unrouted: { jobs: unrouted, reasons } };
  },
  present: ({ planned, routes, unrouted }) => planResult(planned, routes, { unrouted }),
});
