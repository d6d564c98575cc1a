// Recurring schedules through HTTP: build picks each occurrence's day within its variance, evaluate reports an
// occurrence outside it, and the schedule rules of validation hold for the dispatching operations too.
import t from 'tap';
import { planePlaces, type Json } from '../helpers/plane-problem.js';
import { postFollowing } from '../helpers/map-server.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

let server: TestServer;
t.before(async () => {
  server = await startTestServer();
});
t.teardown(() => server.close());

const post = (path: string, body: unknown) => postFollowing(server, path, body);

const day = 86400000;
const dateOf = (text: string) => Date.parse(`${text}T00:00:00Z`);
const text = (time: number) => new Date(time).toISOString().slice(0, 10);

/** One route per weekday from Monday 2026-11-23 for three weeks, all from m0. */
function weekdayRoutes(): Json[] {
  return Array.from({ length: 21 }, (_, offset) => dateOf('2026-11-23') + offset * day)
    .filter((time) => new Date(time).getUTCDay() % 6 !== 0)
    .map((time) => ({ id: `r${text(time)}`, date: text(time), location: 'm0' }));
}

const schedule = {
  id: 'visit',
  type: 'weekly',
  interval: 1,
  earliest_date: '2026-11-24',
  allowed_variance_before: 1,
  allowed_variance_after: 1,
  allowed_days_of_week: ['monday', 'tuesday', 'wednesday'],
  job_template: { location: 'm1', time_on_site: '00:20' },
};

t.test('build puts every occurrence on a day within its variance and on an allowed weekday, one interval apart', async (t) => {
  const { markers, settings } = planePlaces(31, 3);
  const routes = weekdayRoutes();
  const { status, body } = await post('/v1/build?wait=1', { markers, settings: { ...settings, time_limit_seconds: 1 }, routes, schedules: [schedule] });
  t.equal(status, 200);
  const placed = (body.routes as Json[]).flatMap((route) => (route.stops as Json[]).filter((stop) => stop.type === 'job').map((stop) => ({ id: stop.id as string, date: route.date as string })));
  t.same(placed.map((stop) => stop.id).sort(), ['visit_1', 'visit_2', 'visit_3'], 'occurrence ids are <schedule id>_<ordinal>');
  for (const { id, date } of placed) {
    const ordinal = Number(id.split('_')[1]);
    const nominal = dateOf('2026-11-24') + (ordinal - 1) * 7 * day;
    t.ok(Math.abs(dateOf(date) - nominal) <= day, `${id} on ${date} is within a day of ${text(nominal)}`);
    t.ok([1, 2, 3].includes(new Date(dateOf(date)).getUTCDay()), `${id} is on a Monday, Tuesday or Wednesday`);
  }
  t.same(body.unrouted_jobs, []);
  const first = placed.find((stop) => stop.id === 'visit_1')!;
  t.same(body.schedules, [{ id: 'visit', base_date: first.date }], 'the base date is the day the first occurrence went on');
});

t.test('evaluate reports an occurrence put outside its variance as a missed date window', async (t) => {
  const { markers, settings } = planePlaces(32, 3);
  const routes = weekdayRoutes().map((route) => (route.date === '2026-11-27' ? { ...route, jobs: ['visit_1'] } : route));
  const { body } = await post('/v1/evaluate?wait=1', { markers, settings, routes, schedules: [schedule] });
  const friday = (body.routes as Json[]).find((route) => route.date === '2026-11-27')!;
  const stop = (friday.stops as Json[]).find((candidate) => candidate.id === 'visit_1')!;
  t.same(stop.violations.map((violation: Json) => violation.type).sort(), ['job_delivered_on_disallowed_day', 'job_missed_date_window']);
});

t.test('schedules need dated routes, for insert and recommend as for every problem', async (t) => {
  const { markers, settings } = planePlaces(33, 3);
  const body = { markers, settings, routes: [{ id: 'r', location: 'm0' }], schedules: [schedule] };
  for (const request of [{ path: '/v1/insert?wait=1', extra: { jobs_to_insert: [] } }, { path: '/v1/recommend?wait=1', extra: { job: { id: 'x', location: 'm2' } } }]) {
    const answer = await post(request.path, { ...body, ...request.extra });
    t.equal(answer.status, 400);
    t.ok((answer.body.errors as Json[]).some((error) => error.code === 'routes_with_schedules_must_have_dates_error'), request.path);
  }
});
