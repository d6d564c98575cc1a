/**
 * schedule_response `{id, base_date}` (docs/api.md, Problem fields). A base date the request gave is answered as given.
 * Otherwise the plan chooses it: the date its earliest routed occurrence went on, less that occurrence's
 * place in the series (occurrence k lies (k − 1) intervals after the base), so that the next plan can carry on
 * the series from where this one put it; with no occurrence routed, the default base date (earliest date, else
 * the plan's first date).
 */
import type { Problem, Schedule } from '../model.js';
import { formatDate } from './written-values.js';

export interface ScheduleResponse {
  id: string;
  base_date?: string;
}

function routedDates(problem: Problem): Map<string, number> {
  const dates = new Map<string, number>();
  for (const route of problem.routes) {
    if (route.date === undefined) continue;
    for (const visit of route.visits) if (visit.kind === 'job') dates.set(visit.job.id, route.date);
  }
  return dates;
}

function chosenBaseDate(schedule: Schedule, dates: Map<string, number>): number | undefined {
  const step = (schedule.type === 'weekly' ? 7 : 1) * schedule.interval;
  const prefix = `${schedule.id}_`;
  let earliest: { ordinal: number; date: number } | undefined;
  for (const [id, date] of dates) {
    if (!id.startsWith(prefix) || !/^\d+$/.test(id.slice(prefix.length))) continue;
    const ordinal = Number(id.slice(prefix.length));
    if (!earliest || ordinal < earliest.ordinal) earliest = { ordinal, date };
  }
  return earliest && earliest.date - (earliest.ordinal - 1) * step;
}

export function scheduleResponses(problem: Problem): ScheduleResponse[] {
  const dates = routedDates(problem);
  return problem.schedules.map((schedule) => {
    const given = schedule.source.base_date !== undefined ? schedule.baseDate : undefined;
    const baseDate = given ?? chosenBaseDate(schedule, dates) ?? schedule.baseDate ?? schedule.earliestDate;
    return baseDate === undefined ? { id: schedule.id } : { id: schedule.id, base_date: formatDate(baseDate) };
  });
}
