/**
 * From request JSON to the normalized Problem: schema check, then every entity through the normalizer in the
 * order of the places table, then the rules across entities. Every fault is collected; if there is any, the
 * whole list is thrown as one `validation_failed_error`.
 */
import { validationFailed } from '../errors.js';
import { FaultList } from '../conventions/faults.js';
import type { Driver, Job, Problem, Route, Schedule, Vehicle } from './model.js';
import { checkDriverReferences } from './normalize/driver-references.js';
import { asObject, Fields } from './normalize/fields.js';
import { normalizeDriver, normalizeVehicle } from './normalize/fleet.js';
import { normalizeJob } from './normalize/jobs.js';
import { PlaceTable } from './normalize/places.js';
import { applyDayClocks } from './normalize/day-clocks.js';
import { checkRouteDates } from './normalize/problem-rules.js';
import { IdRegistry } from './normalize/registry.js';
import { normalizeRoute } from './normalize/routes.js';
import { normalizeSchedule } from './normalize/schedules.js';
import { occurrenceJobs, planDaysOf, type PlanDays } from './normalize/schedule-occurrences.js';
import { normalizeSettings } from './normalize/settings.js';
import { readSettingsMatrix, withoutMatrix } from './normalize/settings-matrix.js';
import { schemaCheck } from '../conventions/schema-faults.js';
import { problemSchema } from './schema/problem.js';

type Normalized<T> = { id: string | undefined; entity: T | undefined };

/** Normalizes each object of a list, registering ids; the valid entities in order. */
function declareAll<T>(items: Fields[], registry: IdRegistry<T>, normalize: (fields: Fields, index: number) => Normalized<T>): T[] {
  const entities: T[] = [];
  for (const item of items) {
    const { id, entity } = normalize(item, entities.length);
    if (id !== undefined) registry.register(item.pathOf('id'), id, entity);
    if (entity !== undefined) entities.push(entity);
  }
  return entities;
}

class JobCatalog {
  readonly jobs: Job[] = [];
  readonly fields: Fields[] = [];

  constructor(
    readonly registry: IdRegistry<Job>,
    private readonly normalize: (fields: Fields, index: number) => Normalized<Job>,
  ) {}

  add(fields: Fields): Job | undefined {
    this.fields.push(fields);
    const [job] = declareAll([fields], this.registry, () => this.normalize(fields, this.jobs.length));
    if (job) this.jobs.push(job);
    return job;
  }
}

/** Inline jobs of each route's `jobs`, by their index there. */
function inlineJobsOf(route: Fields, catalog: JobCatalog): Map<number, Job | undefined> {
  const inline = new Map<number, Job | undefined>();
  const entries = route.object.jobs;
  if (!Array.isArray(entries)) return inline;
  entries.forEach((entry, index) => {
    const object = asObject(entry);
    if (object) inline.set(index, catalog.add(new Fields(route.faults, `${route.pathOf('jobs')}[${index}]`, object)));
  });
  return inline;
}

/** Schedules, each followed by its occurrence jobs (so that routes can refer to them). */
function schedulesWithOccurrences(request: Fields, catalog: JobCatalog, days: PlanDays | undefined): Schedule[] {
  const registry = new IdRegistry<Schedule>(request.faults, 'schedule');
  const schedules: Schedule[] = [];
  for (const fields of request.objects('schedules')) {
    const { id, schedule } = normalizeSchedule(fields);
    if (id !== undefined) registry.register(fields.pathOf('id'), id, schedule);
    if (!schedule) continue;
    schedules.push(schedule);
    for (const occurrence of occurrenceJobs(fields, schedule, days)) catalog.add(occurrence);
  }
  return schedules;
}

/** A loop, not Math.max over a spread: a spread of a large problem's jobs would overflow the call's arguments. */
function loadMetricsOf(jobs: Job[], routes: Route[]): number {
  let metrics = 0;
  for (const job of jobs) metrics = Math.max(metrics, job.loads.length);
  for (const route of routes) metrics = Math.max(metrics, route.loadCapacities?.length ?? 0);
  return metrics;
}

const checkProblemSchema = schemaCheck(problemSchema);

/**
 * The normalized problem of a body whose schema faults are already in `faults` (an operation's published schema
 * includes the problem's: src/operations/define-operation.ts); only meaningful when `faults` stays empty.
 */
export function normalizeProblem(body: unknown, faults: FaultList): Problem | undefined {
  const root = asObject(body);
  if (!root) return undefined;
  const request = new Fields(faults, 'request', root);
  const { settings, defaults } = normalizeSettings(request.nested('settings'));
  const places = new PlaceTable(faults);
  places.declareMarkers(request);

  const catalog = new JobCatalog(new IdRegistry<Job>(faults, 'job'), (fields, index) => {
    const { id, job } = normalizeJob(fields, index, places, defaults);
    return { id, entity: job };
  });
  request.objects('jobs').forEach((job) => catalog.add(job));
  const routeFields = request.objects('routes');
  const inlineJobs = routeFields.map((route) => inlineJobsOf(route, catalog));
  const schedules = schedulesWithOccurrences(request, catalog, planDaysOf(routeFields.map((route) => route.date('date'))));

  const vehicleRegistry = new IdRegistry<Vehicle>(faults, 'vehicle');
  const vehicles = declareAll(request.objects('vehicles'), vehicleRegistry, (fields) => {
    const { id, vehicle } = normalizeVehicle(fields, places);
    return { id, entity: vehicle };
  });
  const driverRegistry = new IdRegistry<Driver>(faults, 'driver');
  const drivers = declareAll(request.objects('drivers'), driverRegistry, (fields) => {
    const { id, driver } = normalizeDriver(fields, places);
    return { id, entity: driver };
  });
  const placedJobs = new Map<Job, string>();
  const routes = declareAll(routeFields, new IdRegistry<Route>(faults, 'route'), (fields, index) => {
    const sources = {
      jobs: catalog.registry, places, inlineJobs: inlineJobs[routeFields.indexOf(fields)]!, placedJobs,
      drivers: driverRegistry, vehicles: vehicleRegistry, defaults,
    };
    const { id, route } = normalizeRoute(fields, index, sources);
    return { id, entity: route };
  });
  checkRouteDates(routeFields, schedules.length > 0);
  checkDriverReferences(catalog.fields, driverRegistry);
  settings.matrix = readSettingsMatrix(request.nested('settings'), places.places.length);

  const problem: Problem = {
    id: request.text('id'),
    name: request.text('name'),
    places: places.places,
    jobs: catalog.jobs,
    routes,
    drivers,
    vehicles,
    schedules,
    settings,
    loadMetrics: loadMetricsOf(catalog.jobs, routes),
    returnRequest: request.boolean('return_request') ?? false,
    source: withoutMatrix(root),
  };
  if (faults.empty) applyDayClocks(problem);
  return problem;
}

/** The normalized problem and the faults found, the schema's first; `problem` is only meaningful when there are none. */
export function collectProblem(body: unknown): { problem: Problem | undefined; faults: FaultList } {
  const faults = new FaultList();
  checkProblemSchema(body, faults);
  return { problem: normalizeProblem(body, faults), faults };
}

/** The normalized problem, or a thrown `validation_failed_error` listing every fault. */
export function parseProblem(body: unknown): Problem {
  const { problem, faults } = collectProblem(body);
  if (!problem || !faults.empty) throw validationFailed(faults.errors);
  return problem;
}
