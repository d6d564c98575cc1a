/**
 * The result of the operations that answer a plan (evaluate, build, optimize, sequence, insert): the answer and
 * its aggregates as two views (docs/api.md, Aggregates), of which the fetching request chooses with `aggregate=1`.
 */
import type { TimedRoute } from '../kernels/vrp-records.js';
import type { Query } from '../operations/operation.js';
import type { Job, Problem } from '../problem/model.js';
import { aggregatesOf, type ProblemAggregates } from '../problem/response/aggregates.js';
import { planResponse, type PlanResponse } from '../problem/response/plan-response.js';
import { planResponseSchema } from '../problem/response/response-schemas.js';
import { returnedRequest } from '../problem/response/return-request.js';
import { unroutedEntry } from './dispatch/unrouted-entry.js';
import type { StopPaths } from './route-paths.js';
import type { UnroutedReason } from './unrouted/unrouted-reasons.js';

export interface PlanResult {
  answer: unknown;
  aggregates: ProblemAggregates;
}

/** What a planned problem's answer carries besides its routes. */
export interface PlanExtras {
  /** Each stop's road path, with `settings.route_paths`. */
  paths?: StopPaths[];
  /** The jobs left on no route (operations that place jobs), each with its reasons when they were asked for. */
  unrouted?: { jobs: readonly Job[]; reasons: UnroutedReason[][] | undefined };
}

export function planResult(planned: Problem, routes: readonly TimedRoute[], extras: PlanExtras = {}): PlanResult {
  const response: PlanResponse & { unrouted_jobs?: unknown[] } = planResponse(planned, routes, extras.paths);
  const unrouted = extras.unrouted;
  if (unrouted) response.unrouted_jobs = unrouted.jobs.map((job, index) => unroutedEntry(job, unrouted.reasons?.[index]));
  return {
    answer: planned.returnRequest ? returnedRequest(planned, response) : response,
    aggregates: aggregatesOf(planned, routes, unrouted?.jobs.length),
  };
}

export function planViewOf(query: Query): 'answer' | 'aggregates' {
  return query.aggregate === '1' ? 'aggregates' : 'answer';
}

/** The part of an operation declaration every plan-answering operation shares. */
export const planResultViews = { responseSchema: planResponseSchema, viewOf: planViewOf };
