import { parseDayOfWeek } from '../../conventions/date.js';
import { parseNonNegativeInteger, parsePositiveInteger } from '../../conventions/scalars.js';
import type { Schedule } from '../model.js';
import type { Fields } from './fields.js';

export function normalizeSchedule(schedule: Fields): { id: string | undefined; schedule: Schedule | undefined } {
  const id = schedule.id();
  const normalized: Omit<Schedule, 'id'> = {
    type: (schedule.text('type') as Schedule['type'] | undefined) ?? 'daily',
    earliestDate: schedule.date('earliest_date'),
    baseDate: schedule.date('base_date'),
    interval: schedule.read('interval', parsePositiveInteger) ?? 1,
    allowedDaysOfWeek: schedule.list('allowed_days_of_week', parseDayOfWeek),
    allowedVarianceBefore: schedule.read('allowed_variance_before', parseNonNegativeInteger) ?? 0,
    allowedVarianceAfter: schedule.read('allowed_variance_after', parseNonNegativeInteger) ?? 0,
    source: schedule.object,
  };
  return { id, schedule: id === undefined ? undefined : { id, ...normalized } };
}
