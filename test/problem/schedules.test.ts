import t from 'tap';
import { parseDate } from '../../src/conventions/date.js';
import type { AppError } from '../../src/errors.js';
import type { Schedule } from '../../src/problem/model.js';
import { maxOccurrences, occurrencesOf } from '../../src/problem/normalize/schedule-occurrences.js';
import { maxVarianceDays } from '../../src/problem/normalize/schedules.js';
import { parseProblem } from '../../src/problem/parse-problem.js';

const day = (text: string) => {
  const parsed = parseDate(text);
  if (!parsed.ok) throw new Error(text);
  return parsed.value;
};

const routes = [{ id: 'mon', date: '2026-11-23' }, { id: 'next_mon', date: '2026-11-30' }, { id: 'wed', date: '2026-12-02' }];

t.test('a weekly schedule stands for one job per week within the plan, numbered from its base date', async (t) => {
  const problem = parseProblem({
    schedules: [{ id: 's', type: 'weekly', base_date: '2026-11-16', allowed_variance_after: 1, job_template: { location: '0,0', time_on_site: '00:10' } }],
    routes,
  });
  t.same(problem.jobs.map((job) => [job.id, job.allowedDates]), [
    ['s_2', [day('2026-11-23'), day('2026-11-24')]],
    ['s_3', [day('2026-11-30'), day('2026-12-01')]],
  ]);
  t.equal(problem.jobs[0]!.timeOnSite, 600);
});

t.test('a daily schedule every second day starts at its earliest date and keeps its days of the week', async (t) => {
  const problem = parseProblem({
    schedules: [{ id: 'd', type: 'daily', interval: 2, earliest_date: '2026-11-27', allowed_days_of_week: ['monday', 'friday'], job_template: { location: '0,0' } }],
    routes,
  });
  t.same(problem.jobs.map((job) => job.id), ['d_1', 'd_2', 'd_3'], 'the 27th, 29th and 1st: the 3rd is after the last route');
  t.same(problem.jobs[0]!.allowedDaysOfWeek, [1, 5]);
  t.equal(problem.schedules[0]!.baseDate, day('2026-11-27'));
});

t.test('a template fault is reported once, at the template', async (t) => {
  const error = t.throws(() => parseProblem({ schedules: [{ id: 's', job_template: { time_on_site: 'soon' } }], routes })) as AppError;
  t.same(error.errors!.map((fault) => `${fault.property} ${fault.code}`), [
    'request.schedules[0].job_template.location job_location_missing_error',
    'request.schedules[0].job_template.time_on_site invalid_timespan_error',
  ]);
});

t.test('a variance beyond a year is value_out_of_range_error, checked before any occurrence lists its dates', async (t) => {
  const error = t.throws(() => parseProblem({
    schedules: [{ id: 's', allowed_variance_before: 1e8, allowed_variance_after: maxVarianceDays + 1, job_template: { location: '0,0' } }],
    routes,
  })) as AppError;
  t.same(error.errors!.map((fault) => `${fault.property} ${fault.code}`), [
    'request.schedules[0].allowed_variance_before value_out_of_range_error',
    'request.schedules[0].allowed_variance_after value_out_of_range_error',
  ]);
});

t.test('a daily schedule over centuries of routes is refused as too many occurrences without enumerating them', async (t) => {
  const schedule: Schedule = { id: 's', type: 'daily', interval: 1, earliestDate: undefined, baseDate: undefined, allowedDaysOfWeek: undefined, allowedVarianceBefore: 0, allowedVarianceAfter: 0, source: {} };
  t.equal(occurrencesOf(schedule, { first: day('1901-01-01'), last: day('2999-12-31') }).length, maxOccurrences + 1);
  const error = t.throws(() => parseProblem({
    schedules: [{ id: 's', job_template: { location: '0,0' } }],
    routes: [{ id: 'old', date: '1901-01-01' }, { id: 'far', date: '2999-12-31' }],
  })) as AppError;
  t.same(error.errors!.map((fault) => `${fault.property} ${fault.code}`), ['request.schedules[0].interval too_many_items_error']);
});
