// Plans on the days the clocks change: elapsed time drives, wall-clock time is what is given and written.
import t from 'tap';
import { postExpectingOk } from '../helpers/map-server.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

let server: TestServer;
t.before(async () => {
  server = await startTestServer();
});
t.teardown(() => server.close());

/** Depot a, job b two hours' drive away, a window 05:00–06:00 (wall clock) and half an hour on site. */
function plan(timezone: string, date: string, startTime: string) {
  return {
    markers: [{ id: 'a', location: '0.01,0.01' }, { id: 'b', location: '0.02,0.01' }],
    jobs: [{ id: 'j', location: 'b', time_window: { start: '05:00', end: '06:00' }, time_on_site: '00:30' }],
    routes: [{ id: 'r', date, start_time: startTime, location: 'a', jobs: ['j'] }],
    settings: { timezone, matrix: { durations: [[0, 7200], [7200, 0]], distances: [[0, 1000], [1000, 0]] } },
  };
}

const cases = [
  {
    what: 'Berlin, clocks forward (02:00 → 03:00)', zone: 'Europe/Berlin', date: '2026-03-29', start: '01:00',
    expected: { arrival_time: '04:00:00', arrival_datetime: '2026-03-29T04:00:00+02:00', idle_time: '01:00:00', end_time: '07:30:00', working_time: '05:30:00' },
  },
  {
    what: 'Berlin, clocks back (03:00 → 02:00)', zone: 'Europe/Berlin', date: '2026-10-25', start: '01:00',
    expected: { arrival_time: '02:00:00', arrival_datetime: '2026-10-25T02:00:00+01:00', idle_time: '03:00:00', end_time: '07:30:00', working_time: '07:30:00' },
  },
  {
    what: 'New York, clocks forward (02:00 → 03:00)', zone: 'America/New_York', date: '2026-03-08', start: '01:00',
    expected: { arrival_time: '04:00:00', arrival_datetime: '2026-03-08T04:00:00-04:00', idle_time: '01:00:00', end_time: '07:30:00', working_time: '05:30:00' },
  },
  {
    what: 'New York, clocks back (02:00 → 01:00)', zone: 'America/New_York', date: '2026-11-01', start: '00:30',
    expected: { arrival_time: '01:30:00', arrival_datetime: '2026-11-01T01:30:00-05:00', idle_time: '03:30:00', end_time: '07:30:00', working_time: '08:00:00' },
  },
  {
    what: 'Berlin, the day before the clocks go forward', zone: 'Europe/Berlin', date: '2026-03-28', start: '01:00',
    expected: { arrival_time: '03:00:00', arrival_datetime: '2026-03-28T03:00:00+01:00', idle_time: '02:00:00', end_time: '07:30:00', working_time: '06:30:00' },
  },
];

for (const { what, zone, date, start, expected } of cases) {
  t.test(`${what}: arrival, idle and working time follow the clocks`, async (t) => {
    const answer = await postExpectingOk(t, server, '/v1/evaluate?wait=1', plan(zone, date, start));
    const route = answer.routes[0];
    const job = route.stops.find((stop: Record<string, unknown>) => stop.type === 'job');
    t.match(job, { arrival_time: expected.arrival_time, arrival_datetime: expected.arrival_datetime, idle_time: expected.idle_time, time_on_site: '00:30:00' });
    t.match(route, { start_time: `${start}:00`, end_time: expected.end_time, working_time: expected.working_time, driving_time: '04:00:00' });
    t.notOk(job.violations, 'served within its window');
    t.same(route.violations, []);
  });
}

/** The day before a date "YYYY-MM-DD". */
function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** The same job on the day before each change, on a plain clock: the drive of two hours, then the wait for 05:00. */
const dayBeforeStops: Record<string, { arrival_time: string; idle_time: string }> = {
  '01:00': { arrival_time: '03:00:00', idle_time: '02:00:00' },
  '00:30': { arrival_time: '02:30:00', idle_time: '02:30:00' },
};

for (const { what, zone, date, start, expected } of cases.slice(0, 4)) {
  t.test(`${what}: a job without a date in a plan of two dates keeps its wall-clock window on each route`, async (t) => {
    const body = plan(zone, date, start);
    const otherDay = dayBefore(date);
    const twoDates = {
      ...body,
      jobs: [body.jobs[0]!, { ...body.jobs[0]!, id: 'k' }],
      routes: [body.routes[0]!, { id: 'r2', date: otherDay, start_time: start, location: 'a', jobs: ['k'] }],
    };
    const answer = await postExpectingOk(t, server, '/v1/evaluate?wait=1', twoDates);
    const jobStop = (route: { stops: Record<string, unknown>[] }) => route.stops.find((stop) => stop.type === 'job')!;
    t.match(jobStop(answer.routes[0]), { arrival_time: expected.arrival_time, idle_time: expected.idle_time }, `${date}, the day the clocks change`);
    t.match(jobStop(answer.routes[1]), dayBeforeStops[start]!, `${otherDay}, a day like any other`);
    t.same([answer.routes[0].violations, answer.routes[1].violations], [[], []]);
  });
}

t.test('a window missed on the day the clocks go forward is reported in wall-clock time', async (t) => {
  const late = plan('Europe/Berlin', '2026-03-29', '03:30');
  late.jobs[0]!.time_window = { start: '05:00', end: '05:10' };
  const answer = await postExpectingOk(t, server, '/v1/evaluate?wait=1', late);
  const job = answer.routes[0].stops.find((stop: Record<string, unknown>) => stop.type === 'job');
  t.equal(job.arrival_time, '05:30:00');
  t.same(job.violations, [{ type: 'job_missed_time_window', data: { amount: '05:30:00', limit: '05:10:00' } }]);
});

t.test('build plans on the day the clocks change with the same clock as evaluate (helper search threads included)', async (t) => {
  const body = plan('America/New_York', '2026-03-08', '01:00');
  const { jobs: _jobs, ...route } = body.routes[0]!;
  const answer = await postExpectingOk(t, server, '/v1/build?wait=1', { ...body, routes: [route], settings: { ...body.settings, time_limit_seconds: 1 } });
  const job = answer.routes[0].stops.find((stop: Record<string, unknown>) => stop.type === 'job');
  t.match(job, { id: 'j', arrival_time: '04:00:00', idle_time: '01:00:00' });
});
