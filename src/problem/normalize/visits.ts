/**
 * A route's given order: `jobs` (ids of top-level jobs or inline jobs) or `stops` as another operation
 * returned them. In `stops`, a depot stop first or last is the route's own end and is recomputed, as are
 * `job_exit` and break stops; other depot stops are mid-route visits (reloads).
 */
import { failed, parsed } from '../../conventions/faults.js';
import { parseString } from '../../conventions/scalars.js';
import type { Job, Place, RouteVisit } from '../model.js';
import type { Fields } from './fields.js';
import type { PlaceTable } from './places.js';
import type { IdRegistry } from './registry.js';

const recomputedStopTypes = ['job_exit', 'break', 'legal_break'];
const stopTypes = ['job', 'depot', ...recomputedStopTypes];

function parseStopType(value: unknown) {
  return stopTypes.includes(value as string)
    ? parsed(value as string)
    : failed<string>('invalid_enum_value_error', 'Not a stop type', { allowed_values: stopTypes });
}

export interface VisitSources {
  jobs: IdRegistry<Job>;
  places: PlaceTable;
  /** Jobs written inline in this route's `jobs`, by their index in that list. */
  inlineJobs: Map<number, Job | undefined>;
  /** Jobs already placed on a route, with the path of that placement: a job goes on one route at most. */
  placedJobs: Map<Job, string>;
}

function visitOf(route: Fields, path: string, job: Job, sources: VisitSources): RouteVisit | undefined {
  const earlier = sources.placedJobs.get(job);
  if (earlier !== undefined) {
    route.faults.add(path, {
      code: 'duplicate_id_error',
      message: `The job "${job.id}" is already placed at ${earlier}`,
      parameters: { id: job.id, first_property: earlier },
    }, job.id);
    return undefined;
  }
  sources.placedJobs.set(job, path);
  return { kind: 'job', job };
}

function jobVisits(route: Fields, sources: VisitSources): RouteVisit[] {
  const entries = route.object.jobs as unknown[];
  const visits: RouteVisit[] = [];
  entries.forEach((entry, index) => {
    const path = `${route.pathOf('jobs')}[${index}]`;
    const job = typeof entry === 'object' && entry !== null
      ? sources.inlineJobs.get(index)
      : resolveJob(route, path, entry, sources);
    const visit = job && visitOf(route, path, job, sources);
    if (visit) visits.push(visit);
  });
  return visits;
}

function resolveJob(route: Fields, path: string, value: unknown, sources: VisitSources): Job | undefined {
  const id = route.faults.read(path, value, parseString);
  return id === undefined ? undefined : sources.jobs.resolve(path, id);
}

/** A declared depot by its id comes first: a returned stop carries both, and only the marker has attributes. */
function depotPlace(stop: Fields, sources: VisitSources): Place | undefined {
  const id = typeof stop.object.id === 'string' ? stop.object.id : undefined;
  const declared = id === undefined ? undefined : sources.places.declaredMarker(id);
  if (declared) return declared;
  if (stop.has('location')) return sources.places.placeAt(stop, 'location');
  return sources.places.placeAt(stop, 'id');
}

function stopVisits(route: Fields, sources: VisitSources): RouteVisit[] {
  const stops = route.objects('stops');
  const visits: RouteVisit[] = [];
  stops.forEach((stop, index) => {
    const type = stop.read('type', parseStopType) ?? 'job';
    if (recomputedStopTypes.includes(type)) return;
    if (type === 'depot') {
      const routeEnd = index === 0 || index === stops.length - 1;
      const place = routeEnd ? undefined : depotPlace(stop, sources);
      if (place) visits.push({ kind: 'depot', place });
      return;
    }
    const job = resolveJob(route, stop.pathOf('id'), stop.object.id, sources);
    const visit = job && visitOf(route, stop.pathOf('id'), job, sources);
    if (visit) visits.push(visit);
  });
  return visits;
}

export function routeVisits(route: Fields, sources: VisitSources): RouteVisit[] {
  route.exclusive('jobs', 'stops');
  if (Array.isArray(route.object.jobs)) return jobVisits(route, sources);
  return stopVisits(route, sources);
}
