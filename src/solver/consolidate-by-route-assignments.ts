/**
 * POST /v1/consolidate_by_route_assignments (docs/api.md, Dispatching): top-level jobs that snap to the
 * same named street, follow each other along it within `max_gap_meters` (ours, default 200) and can go on
 * exactly the same routes and vehicles become one linked job; every other job is returned as it was. Jobs
 * already linked (with an exit location), with a second window, or named by a route's `jobs` stay as they
 * are. Without routes nothing is consolidated.
 */
import { FaultList } from '../conventions/faults.js';
import { numberAbove } from '../conventions/scalars.js';
import { validationFailed } from '../errors.js';
import type { Operation } from '../operations/operation.js';
import type { Job, Problem } from '../problem/model.js';
import { collectProblem } from '../problem/parse-problem.js';
import { assignmentSignatures } from './consolidation/assignment-signature.js';
import { consolidatedJob } from './consolidation/consolidated-job.js';
import { streetPositions } from './consolidation/street-positions.js';
import { streetRuns, type Candidate } from './consolidation/street-runs.js';
import { bodyObject } from './dispatch/dispatch-fields.js';
import { consolidateSchema } from './dispatch/request-schemas.js';
import { consolidateResponseSchema } from './dispatch/response-schemas.js';

const DEFAULT_MAX_GAP_METERS = 200;

export interface ConsolidateRequest {
  problem: Problem;
  maxGapMeters: number;
}

export function validateConsolidate(input: unknown): ConsolidateRequest {
  const body = bodyObject(input);
  const faults = new FaultList();
  const maxGapMeters = faults.readOptional('request.max_gap_meters', body.max_gap_meters, numberAbove(0)) ?? DEFAULT_MAX_GAP_METERS;
  const { problem, faults: problemFaults } = collectProblem(body);
  const errors = [...problemFaults.errors, ...faults.errors];
  if (!problem || errors.length > 0) throw validationFailed(errors);
  return { problem, maxGapMeters };
}

/** Top-level jobs a consolidation may join. */
function consolidatable(problem: Problem, topLevel: readonly Job[]): Job[] {
  const onRoutes = new Set(problem.routes.flatMap((route) => route.visits.flatMap((visit) => (visit.kind === 'job' ? [visit.job] : []))));
  return topLevel.filter((job) => !job.exitLocation && job.timeWindows.length < 2 && !onRoutes.has(job));
}

/** Each top-level job as it was, or the consolidated job in place of a run's first member. */
function consolidatedJobs(problem: Problem, maxGapMeters: number): unknown[] {
  const sources = Array.isArray(problem.source.jobs) ? (problem.source.jobs as unknown[]) : [];
  const topLevel = problem.jobs.slice(0, sources.length);
  if (problem.routes.length === 0) return sources;
  const jobs = consolidatable(problem, topLevel);
  const positions = streetPositions(jobs);
  const signatures = assignmentSignatures(problem, jobs);
  const candidates: Candidate[] = jobs.flatMap((job, index) =>
    positions[index] ? [{ job, position: positions[index]!, signature: signatures[index]! }] : []);
  const replaced = new Map<Job, unknown>();
  for (const run of streetRuns(candidates, maxGapMeters)) {
    const consolidated = consolidatedJob(run);
    run.forEach((member, index) => replaced.set(member, index === 0 ? consolidated : undefined));
  }
  return topLevel.flatMap((job, index) => (replaced.has(job) ? (replaced.get(job) ? [replaced.get(job)] : []) : [sources[index]]));
}

export const operation: Operation<ConsolidateRequest, unknown> = {
  name: 'consolidate_by_route_assignments',
  requestSchema: consolidateSchema,
  responseSchema: consolidateResponseSchema,
  kind: 'task',
  validate: validateConsolidate,
  async run({ problem, maxGapMeters }, context) {
    const jobs = consolidatedJobs(problem, maxGapMeters);
    context.reportProgress(1);
    if (problem.returnRequest) return { ...problem.source, jobs };
    const custom = problem.source.custom;
    return custom === undefined ? { consolidated_jobs: jobs } : { custom, consolidated_jobs: jobs };
  },
};
