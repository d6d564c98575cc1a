/**
 * What an unrouted job's reasons claim, made checkable: the plan an operation answered, as a request for
 * evaluate, with the job inserted where a `displaced` or `insertable` reason places it, or alone on a route.
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
  return { ...request, routes };
}

/** The answered plan with job `jobId` inserted at job index `index` of the route with id `routeId`. */
export function withJobAt(request: Json, answer: Json, routeId: string, index: number, jobId: string): Json {
  const plan = answeredPlan(request, answer);
  const routes = plan.routes.map((route: Json) => (route.id === routeId ? { ...route, stops: stopsWithJob(route.stops, index, jobId) } : route));
  return { ...plan, routes };
}

/** The request with route `routeId` only, carrying job `jobId` alone. */
export function aloneOn(request: Json, routeId: string, jobId: string): Json {
  const route = request.routes.find((candidate: Json) => candidate.id === routeId);
  const { jobs: _jobs, stops: _stops, ...rest } = route;
  return { ...request, routes: [{ ...rest, jobs: [jobId] }] };
}

/** Every violation of one route of an evaluate answer: the route's own, then each stop's in order. */
export function routeViolationList(route: Json): Json[] {
  return [...(route.violations ?? []), ...route.stops.flatMap((stop: Json) => stop.violations ?? [])];
}

/** A written internal cost difference, rounded as costs are written. */
export function costDelta(after: number, before: number): number {
  return Math.round((after - before) * 100) / 100;
}
