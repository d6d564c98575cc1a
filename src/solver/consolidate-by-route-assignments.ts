/**
 * POST /v1/consolidate_by_route_assignments (docs/api.md, Dispatching): top-level jobs that snap to the
 * same named street, follow each other along it within `max_gap_meters` (ours, default 200) and can go on
 * exactly the same routes and vehicles become one linked job; every other job is returned as it was. Jobs
 * already linked (with an exit location), with a second window, or named by a route's `jobs` stay as they
 * are. Without routes nothing is consolidated.
 */
import type { FaultList } from '../conventions/faults.js';
import { numberAbove } from '../conventions/scalars.js';
import { defineOperation } from '../operations/define-operation.js';
import { routedPlaces } from '../problem/routed-places.js';
import type { Job, Problem } from '../problem/model.js';
import { asObject } from '../problem/normalize/fields.js';
import { normalizeProblem } from '../problem/parse-problem.js';
import { withCustom } from '../problem/response/custom-echo.js';
import { assignmentSignatures } from './consolidation/assignment-signature.js';
import { consolidatedJob } from './consolidation/consolidated-job.js';
import { streetPositions } from './consolidation/street-positions.js';
import { streetRuns, type Candidate } from './consolidation/street-runs.js';
import { consolidateSchema } from './dispatch/request-schemas.js';
import { consolidateResponseSchema } from './dispatch/response-schemas.js';

const DEFAULT_MAX_GAP_METERS = 200;

export interface ConsolidateRequest {
  problem: Problem;
  maxGapMeters: number;
}

function readConsolidate(input: unknown, faults: FaultList): ConsolidateRequest | undefined {
  const body = asObject(input);
  if (!body) return undefined;
  const problem = normalizeProblem(body, faults);
  const maxGapMeters = faults.readOptional('request.max_gap_meters', body.max_gap_meters, numberAbove(0)) ?? DEFAULT_MAX_GAP_METERS;
  return problem && { problem, maxGapMeters };
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

export const operation = defineOperation({
  name: 'consolidate_by_route_assignments',
  kind: 'task',
  requestSchema: consolidateSchema,
  responseSchema: consolidateResponseSchema,
  read: readConsolidate,
  locations: (request) => routedPlaces(request.problem),
  compute: async ({ problem, maxGapMeters }) => consolidatedJobs(problem, maxGapMeters),
  present(jobs, { problem }) {
    if (problem.returnRequest) return { ...problem.source, jobs };
    return withCustom(problem, { consolidated_jobs: jobs });
  },
});
