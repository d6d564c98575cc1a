/**
 * Occurrence jobs of a schedule (ours; docs/api.md, Problem fields): a schedule with a `job_template` stands for one
 * job per occurrence that can fall within the plan's dates (its routes' first to last date). Occurrences start at the
 * base date (`base_date`, else `earliest_date`, else the plan's first date) and repeat every `interval` days
 * (`daily`) or weeks (`weekly`), never before `earliest_date`. Occurrence k (from 1 at the base date) is the job
 * `<schedule id>_<k>`, allowed on its date widened by `allowed_variance_before` / `_after` days, and only on the
 * schedule's `allowed_days_of_week` when it names some.
 */
import { daysOfWeek, formatDate } from '../../conventions/date.js';
import type { Schedule } from '../model.js';
import { asObject, Fields } from './fields.js';

/** Beyond this many occurrences a schedule is refused: a year of daily visits is 366. */
export const maxOccurrences = 1000;

export interface PlanDays {
  first: number;
  last: number;
}

export function planDaysOf(routeDates: readonly (number | undefined)[]): PlanDays | undefined {
  const dates = routeDates.filter((date) => date !== undefined);
  return dates.length === 0 ? undefined : { first: Math.min(...dates), last: Math.max(...dates) };
}

/**
 * The occurrences (ordinal, date) that can fall within the plan's days; at most one past `maxOccurrences`,
 * which is enough to refuse the schedule without enumerating millennia of daily visits first.
 */
export function occurrencesOf(schedule: Schedule, days: PlanDays): { ordinal: number; date: number }[] {
  const base = schedule.baseDate ?? schedule.earliestDate ?? days.first;
  const step = (schedule.type === 'weekly' ? 7 : 1) * schedule.interval;
  const earliest = Math.max(days.first - schedule.allowedVarianceAfter, schedule.earliestDate ?? Number.NEGATIVE_INFINITY);
  const occurrences: { ordinal: number; date: number }[] = [];
  for (let k = Math.max(0, Math.ceil((earliest - base) / step)); base + k * step - schedule.allowedVarianceBefore <= days.last && occurrences.length <= maxOccurrences; k++) {
    occurrences.push({ ordinal: k + 1, date: base + k * step });
  }
  return occurrences;
}

function occurrenceBody(template: Record<string, unknown>, schedule: Schedule, ordinal: number, date: number): Record<string, unknown> {
  const { date: _date, allowed_dates: _dates, ...rest } = template;
  const allowedDates: string[] = [];
  for (let day = date - schedule.allowedVarianceBefore; day <= date + schedule.allowedVarianceAfter; day++) allowedDates.push(formatDate(day));
  const body: Record<string, unknown> = { ...rest, id: `${schedule.id}_${ordinal}`, allowed_dates: allowedDates };
  if (schedule.allowedDaysOfWeek) body.allowed_days_of_week = schedule.allowedDaysOfWeek.map((day) => daysOfWeek[day]);
  return body;
}

/** The occurrence jobs to normalize, as fields at the template's path (their faults are the template's). */
export function occurrenceJobs(scheduleFields: Fields, schedule: Schedule, days: PlanDays | undefined): Fields[] {
  const template = asObject(scheduleFields.object.job_template);
  if (!template || !days) return [];
  const occurrences = occurrencesOf(schedule, days);
  if (occurrences.length > maxOccurrences) {
    scheduleFields.fault('interval', 'too_many_items_error', `The schedule has more than ${maxOccurrences} occurrences within the plan's dates`, { limit: maxOccurrences });
    return [];
  }
  schedule.baseDate ??= schedule.earliestDate ?? days.first;
  return occurrences.map(({ ordinal, date }) =>
    new Fields(scheduleFields.faults, scheduleFields.pathOf('job_template'), occurrenceBody(template, schedule, ordinal, date)));
}
