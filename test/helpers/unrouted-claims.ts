/**
 * What an unrouted job's reasons claim, made checkable with evaluate: the plan an operation answered as a
 * request, with copies of the job inserted where `displaced` and `insertable` reasons place it (one copy per
 * route, so that one evaluate checks several claims: routes are timed independently), or alone on routes.
 */
type Json = Record<string, any>;

/** Stops of a route with the job before its index-th job stop, or after its last visit (before the end depot). */
function stopsWithJob(stops: readonly Json[], index: number, jobId: string): Json[] {
  const jobStops = stops.flatMap((stop, at) => (stop.type === 'job' ? [at] : []));
  const endsAtDepot = stops.length > 1 && stops[stops.length - 1]!.type === 'depot';
  const at = index < jobStops.length ? jobStops[index]! : endsAtDepot ? stops.length - 1 : stops.length;
  return [...stops.slice(0, at), { type: 'job', id: jobId }, ...stops.slice(at)];
}

/** The request with each route making the stops the answer gives it (jobs given on routes replaced). */
export function answeredPlan(request: Json, answer: Json): Json {
  const routes = request.routes.map((route: Json, at: number) => {
    const { jobs: _jobs, stops: _stops, ...rest } = route;
    return { ...rest, stops: answer.routes[at].stops };
  });
  const { jobs_to_insert: toInsert, ...problem } = request;
  return { ...problem, jobs: [...(request.jobs ?? []), ...(toInsert ?? [])], routes };
}

export interface Placement {
  routeId: string;
  index: number;
}

/** Id of the copy of `job` placed on route `routeId`. */
export const copyId = (job: Json, routeId: string) => `${job.id}@${routeId}`;

/** The answered plan with a copy of `job` at each placement (on distinct routes). */
export function withJobAt(request: Json, answer: Json, job: Json, placements: readonly Placement[]): Json {
  const plan = answeredPlan(request, answer);
  const copies = placements.map(({ routeId }) => ({ ...job, id: copyId(job, routeId) }));
  const routes = plan.routes.map((route: Json) => {
    const placement = placements.find(({ routeId }) => routeId === route.id);
    return placement ? { ...route, stops: stopsWithJob(route.stops, placement.index, copyId(job, route.id)) } : route;
  });
  return { ...plan, jobs: [...plan.jobs, ...copies], routes };
}

/** The problem with only the routes named, each carrying a copy of `job` alone. */
export function aloneOn(request: Json, job: Json, routeIds: readonly string[]): Json {
  const { jobs_to_insert: _toInsert, ...problem } = request;
  const routes = routeIds.map((routeId) => {
    const { jobs: _jobs, stops: _stops, ...rest } = request.routes.find((route: Json) => route.id === routeId);
    return { ...rest, jobs: [copyId(job, routeId)] };
  });
  return { ...problem, jobs: routeIds.map((routeId) => ({ ...job, id: copyId(job, routeId) })), routes };
}

/** Every violation of one route of an evaluate answer: the route's own, then each stop's in order. */
export function routeViolationList(route: Json): Json[] {
  return [...(route.violations ?? []), ...route.stops.flatMap((stop: Json) => stop.violations ?? [])];
}

/** A written internal cost difference, rounded as costs are written. */
export function costDelta(after: number, before: number): number {
  return Math.round((after - before) * 100) / 100;
}
