import { parseDate, parseDayOfWeek } from '../../conventions/date.js';
import { numberInRange } from '../../conventions/scalars.js';
import type { Job, Place, TimeWindow } from '../model.js';
import type { Fields } from './fields.js';
import { jobLoadsAt } from './loads.js';
import type { PlaceTable } from './places.js';
import type { ProblemDefaults } from './settings.js';

const parsePriority = numberInRange(1, 10, true);

function windowAt(job: Fields, name: string): TimeWindow | undefined {
  const window = job.nested(name);
  if (!window) return undefined;
  const start = window.timeOfDay('start');
  const end = window.timeOfDay('end');
  if (start !== undefined && end !== undefined && end < start) {
    job.fault(name, 'time_window_end_before_start_error', 'The time window ends before it starts');
    return undefined;
  }
  if (start === undefined && end === undefined) return undefined;
  return { start: start ?? Number.NEGATIVE_INFINITY, end: end ?? Number.POSITIVE_INFINITY };
}

function isPlaced<T extends { location: Place | undefined }>(job: T): job is T & { location: Place } {
  return job.location !== undefined;
}

/** The job's id and the job, which is undefined when it has faults of its own (they are recorded). */
export function normalizeJob(
  job: Fields,
  index: number,
  places: PlaceTable,
  defaults: ProblemDefaults,
): { id: string | undefined; job: Job | undefined } {
  const id = job.id();
  const location = job.require('location', 'the job\'s location', 'job_location_missing_error')
    ? places.placeAt(job, 'location', 'job_location_missing_error') : undefined;
  const exitLocation = places.placeAt(job, 'exit_location');
  job.exclusive('date', 'allowed_dates');
  const windows = [windowAt(job, 'time_window'), windowAt(job, 'time_window2')].filter((window) => window !== undefined);
  // One literal with every field: a job copied by spreading a partial one was a slow dictionary-mode object.
  const normalized = {
    index,
    location,
    id: id ?? '',
    exitLocation,
    timeOnSite: job.timespan('time_on_site') ?? defaults.timeOnSite,
    exitTimeOnSite: job.timespan('exit_time_on_site') ?? 0,
    timeWindows: windows.sort((a, b) => a.start - b.start),
    date: job.date('date'),
    allowedDates: job.list('allowed_dates', parseDate),
    allowedDaysOfWeek: job.list('allowed_days_of_week', parseDayOfWeek),
    requiredRouteAttributes: job.texts('required_route_attributes'),
    disallowedRouteAttributes: job.texts('disallowed_route_attributes'),
    requiredDriver: job.text('required_driver'),
    forbiddenDrivers: job.texts('forbidden_drivers'),
    requiredVehicleAttributes: job.texts('required_vehicle_attributes'),
    requiredPreJobDepotAttributes: job.texts('required_pre_job_depot_attributes'),
    requiredPostJobDepotAttributes: job.texts('required_post_job_depot_attributes'),
    loads: jobLoadsAt(job) ?? [],
    priority: job.read('priority', parsePriority) ?? 1,
    source: job.object,
  };
  return { id, job: id !== undefined && isPlaced(normalized) ? normalized : undefined };
}
