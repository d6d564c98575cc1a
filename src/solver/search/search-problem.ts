/**
 * The problem as the search kernels need it: the flat problem with scratch room in its visit arrays (the
 * search writes candidate routes there for the full timing scan), which routes each job may take, the
 * priorities that weigh unrouted jobs, and the depots it may insert reloads at.
 */
import { flattenProblem } from '../../problem/flatten/flatten-problem.js';
import { eligibilityBits } from '../../problem/flatten/eligibility.js';
import type { FlatProblem } from '../../problem/flatten/flat-problem.js';
import type { Problem } from '../../problem/model.js';

export interface SearchProblem {
  flat: FlatProblem;
  allowed: Uint8Array;
  priorities: Float64Array;
  scratchVisit: number;
  depotPlaces: Int32Array;
  reloadSlots: number;
}

/** Room for a candidate route: every job and every reload once. */
function withScratchVisits(flat: FlatProblem, reloadSlots: number): FlatProblem {
  const visits = new Int32Array(flat.visits.length + flat.jobCount + reloadSlots);
  visits.set(flat.visits);
  const visitFaults = new Uint32Array(visits.length);
  visitFaults.set(flat.visitFaults);
  return { ...flat, visits, visitFaults };
}

/**
 * The given depot visits, and with depots to reload at, one before each job and one at the end of each route:
 * a reload between two jobs serves the pre attributes of the one after it and the post attributes of the one
 * before it. (Every slot widens each route's list, so the room is kept to what plans use.)
 */
function reloadSlotsOf(problem: Problem, depotCount: number): number {
  const given = problem.routes.reduce((sum, route) => sum + route.visits.filter((visit) => visit.kind === 'depot').length, 0);
  return given + (depotCount > 0 ? problem.jobs.length + problem.routes.length : 0);
}

/** `keepEveryAssignment`: sequence may not move jobs, so eligibility never blocks the routes they are on. */
export function searchProblemOf(problem: Problem, classOfRoute: Int32Array, keepEveryAssignment: boolean): SearchProblem {
  const flat = flattenProblem(problem, classOfRoute);
  const routeCount = problem.routes.length;
  const allowed = new Uint8Array(problem.jobs.length * routeCount).fill(1);
  if (!keepEveryAssignment) {
    for (const job of problem.jobs) {
      for (const route of problem.routes) {
        if (eligibilityBits(job, route) !== 0) allowed[job.index * routeCount + route.index] = 0;
      }
    }
  }
  const depotPlaces = Int32Array.from(problem.places.filter((place) => place.isDepot), (place) => place.index);
  const reloadSlots = reloadSlotsOf(problem, depotPlaces.length);
  return {
    flat: withScratchVisits(flat, reloadSlots),
    allowed,
    priorities: Float64Array.from(problem.jobs, (job) => job.priority),
    scratchVisit: flat.visits.length,
    depotPlaces,
    reloadSlots,
  };
}
