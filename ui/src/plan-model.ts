/**
 * The plan the dispatcher works on: the problem as loaded (jobs hoisted to the top level), which jobs each
 * route visits in which order, and the API's answer for that assignment. Requests are built from it, so what
 * the page shows is always what the API computed for the plan it exports.
 */
import type { Json } from './api-client.js';

export type Assignment = Map<string, string[]>;

export interface Plan {
  problem: Json;
  assignment: Assignment;
  /** The routes and unrouted jobs the API answered for this assignment. */
  answer: Json;
  aggregates: Json;
}

const LATLON = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/;

function entryId(entry: unknown): string | undefined {
  if (typeof entry === 'string') return entry;
  if (entry && typeof entry === 'object' && typeof (entry as Json).id === 'string') return (entry as Json).id as string;
  return undefined;
}

/**
 * The problem with every job at the top level and each route's visits as job ids (from `jobs`, or the job
 * stops of `stops`), and that assignment.
 */
export function normalizeProblem(source: Json): { problem: Json; assignment: Assignment } {
  const jobs: Json[] = Array.isArray(source.jobs) ? [...(source.jobs as Json[])] : [];
  const known = new Set(jobs.map((job) => job.id as string));
  const assignment: Assignment = new Map();
  const routes = (Array.isArray(source.routes) ? (source.routes as Json[]) : []).map((route) => {
    const entries: unknown[] = Array.isArray(route.jobs) ? route.jobs : Array.isArray(route.stops) ? route.stops : [];
    const visits: string[] = [];
    for (const entry of entries) {
      if (entry && typeof entry === 'object' && 'type' in entry && (entry as Json).type !== 'job') continue;
      const id = entryId(entry);
      if (id === undefined) continue;
      if (typeof entry === 'object' && !known.has(id)) {
        jobs.push(entry as Json);
        known.add(id);
      }
      visits.push(id);
    }
    const { jobs: _jobs, stops: _stops, response: _response, ...rest } = route;
    assignment.set(String(route.id), visits);
    return rest;
  });
  return { problem: { ...source, jobs, routes }, assignment };
}

/** The plan as the API takes it: the problem with each route's jobs in the given order. */
export function assignedProblem(problem: Json, assignment: Assignment): Json {
  return { ...problem, routes: (problem.routes as Json[]).map((route) => ({ ...route, jobs: assignment.get(String(route.id)) ?? [] })) };
}

/** The request for an operation on this assignment, with the route geometry the map draws. */
export function planRequest(problem: Json, assignment: Assignment): Json {
  const assigned = assignedProblem(problem, assignment);
  return { ...assigned, settings: { ...(problem.settings as Json | undefined), route_paths: true } };
}

/** The assignment an answer describes: each route's job stops in order. */
export function assignmentOf(answer: Json): Assignment {
  const assignment: Assignment = new Map();
  for (const route of answer.routes as Json[]) {
    assignment.set(String(route.id), (route.stops as Json[]).filter((stop) => stop.type === 'job').map((stop) => String(stop.id)));
  }
  return assignment;
}

export function unroutedJobIds(problem: Json, assignment: Assignment): string[] {
  const routed = new Set([...assignment.values()].flat());
  return (problem.jobs as Json[]).map((job) => String(job.id)).filter((id) => !routed.has(id));
}

export function jobById(problem: Json, id: string): Json | undefined {
  return (problem.jobs as Json[]).find((job) => job.id === id);
}

/** A location field as `[lat, lon]`: a latlon string, a marker, or the id of a top-level marker. */
export function resolveLocation(problem: Json, location: unknown, depth = 0): [number, number] | undefined {
  if (depth > 3 || location === undefined || location === null) return undefined;
  if (typeof location === 'string') {
    const match = LATLON.exec(location);
    if (match) return [Number(match[1]), Number(match[2])];
    const marker = ((problem.markers as Json[] | undefined) ?? []).find((candidate) => candidate.id === location);
    return marker ? resolveLocation(problem, marker.location, depth + 1) : undefined;
  }
  if (typeof location === 'object') return resolveLocation(problem, (location as Json).location, depth + 1);
  return undefined;
}

/** Moves a job to `index` of a route (null: off every route); the assignment is copied, never changed. */
export function moveJob(assignment: Assignment, jobId: string, routeId: string | null, index: number): Assignment {
  const moved: Assignment = new Map([...assignment].map(([id, jobs]) => [id, jobs.filter((job) => job !== jobId)]));
  if (routeId !== null) {
    const jobs = moved.get(routeId) ?? [];
    const original = assignment.get(routeId) ?? [];
    // Dropping a job further down its own route: the slots after it moved up by one when it left.
    const from = original.indexOf(jobId);
    const at = from >= 0 && from < index ? index - 1 : index;
    jobs.splice(Math.min(Math.max(at, 0), jobs.length), 0, jobId);
    moved.set(routeId, jobs);
  }
  return moved;
}
