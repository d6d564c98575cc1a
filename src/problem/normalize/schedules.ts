import { parseDayOfWeek } from '../../conventions/date.js';
import { numberInRange, parsePositiveInteger } from '../../conventions/scalars.js';
import type { Schedule } from '../model.js';
import type { Fields } from './fields.js';

/**
 * Each occurrence job lists every date of its variance, so an unbounded variance (1e8 days) would fill the
 * HTTP thread's memory while validating. A year either way is more than any visit schedule needs.
 */
export const maxVarianceDays = 366;
const parseVariance = numberInRange(0, maxVarianceDays, true);

export function normalizeSchedule(schedule: Fields): { id: string | undefined; schedule: Schedule | undefined } {
  const id = schedule.id();
  const normalized: Omit<Schedule, 'id'> = {
    type: (schedule.text('type') as Schedule['type'] | undefined) ?? 'daily',
    earliestDate: schedule.date('earliest_date'),
    baseDate: schedule.date('base_date'),
    interval: schedule.read('interval', parsePositiveInteger) ?? 1,
    allowedDaysOfWeek: schedule.list('allowed_days_of_week', parseDayOfWeek),
    allowedVarianceBefore: schedule.read('allowed_variance_before', parseVariance) ?? 0,
    allowedVarianceAfter: schedule.read('allowed_variance_after', parseVariance) ?? 0,
    source: schedule.object,
  };
  return { id, schedule: id === undefined ? undefined : { id, ...normalized } };
}
