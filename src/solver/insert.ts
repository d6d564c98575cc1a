/**
 * POST /v1/insert (docs/api.md, Dispatching): each job of `jobs_to_insert` goes where it adds the least
 * internal cost (higher priorities first, then the cheapest first: insertion-order.ts); existing visits keep
 * their order (a depot visit is added with a job that needs a reload); jobs that fit nowhere without a new hard
 * violation (unless `allow_hard_constraint_violations`) are `unrouted_jobs`, each with its reasons
 * (docs/planning-model.md). The plan is then timed and answered exactly as evaluate would answer it.
 */
import { AppError } from '../errors.js';
import { FaultList, jsonTypeOf, requiredValueFault } from '../conventions/faults.js';
import { operationLimits } from '../operations/operation-limits.js';
import type { Operation } from '../operations/operation.js';
import { aggregatesOf } from '../problem/response/aggregates.js';
import { planResponse, type PlanResponse } from '../problem/response/plan-response.js';
import { returnedRequest } from '../problem/response/return-request.js';
import { parseWithAddedJobs, type AddedJobsRequest } from './dispatch/added-jobs.js';
import { insertCheapestFirst } from './dispatch/insertion-order.js';
import { allowHardOf, bodyObject } from './dispatch/dispatch-fields.js';
import { DispatchPlan } from './dispatch/dispatch-plan.js';
import { unroutedEntry } from './dispatch/unrouted-entry.js';
import { unroutedReasons } from './unrouted/unrouted-reasons.js';
import { timePlan } from './plan-timing.js';
import type { PlanOperationResult } from './search/plan-operation.js';
import { insertSchema } from './dispatch/request-schemas.js';
import { planViewOf } from './plan-view.js';
import { planResponseSchema } from '../problem/response/response-schemas.js';

export interface InsertRequest {
  problem: AddedJobsRequest;
  allowHard: boolean;
}

function jobsToInsertOf(body: Record<string, unknown>, faults: FaultList): unknown[] {
  const jobs = body.jobs_to_insert;
  if (jobs === undefined) return [];
  if (!Array.isArray(jobs)) {
    const expected = 'a list of jobs';
    faults.add('request.jobs_to_insert', jobs === null ? requiredValueFault(expected, null)
      : { code: 'invalid_type_error', message: `Expected ${expected}, got ${jsonTypeOf(jobs)}`, parameters: { expected_type: 'array' } }, jobs);
    return [];
  }
  const limit = operationLimits().maxJobsToInsert;
  if (jobs.length > limit) {
    throw new AppError('too_many_jobs_to_insert_error', `${jobs.length} jobs to insert; at most ${limit} are accepted`, {
      extra: { max_jobs_to_insert: limit },
    });
  }
  return jobs;
}

export function validateInsert(input: unknown): InsertRequest {
  const body = bodyObject(input);
  const faults = new FaultList();
  const jobs = jobsToInsertOf(body, faults);
  const allowHard = allowHardOf(body, faults);
  const problem = parseWithAddedJobs(body, 'jobs_to_insert', jobs, (index) => `request.jobs_to_insert[${index}]`, faults.errors);
  return { problem, allowHard };
}

export const operation: Operation<InsertRequest, PlanOperationResult> = {
  name: 'insert',
  requestSchema: insertSchema,
  responseSchema: planResponseSchema,
  kind: 'task',
  validate: validateInsert,
  async run(request, context) {
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
    context.reportProgress(1);
    const response: PlanResponse & { unrouted_jobs?: unknown[] } = planResponse(planned, timing.routes);
    response.unrouted_jobs = unrouted.map((job, index) => unroutedEntry(job, reasons?.[index]));
    return {
      answer: planned.returnRequest ? returnedRequest(planned, response) : response,
      aggregates: aggregatesOf(planned, timing.routes, unrouted.length),
    };
  },
  viewOf: planViewOf,
};
