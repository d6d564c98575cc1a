import t from 'tap';
import { postFollowing } from '../helpers/map-server.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { lineMatrix, lineProblem } from '../helpers/line-problem.js';
import { timespanSeconds } from '../helpers/plan-checker.js';

type Json = Record<string, any>;
let server: TestServer;

t.before(async () => {
  server = await startTestServer();
});
t.teardown(() => server.close());

async function evaluate(body: unknown, query = ''): Promise<Json> {
  const answer = await postFollowing(server, `/v1/evaluate?wait=1${query}`, body);
  if (answer.status !== 200) throw new Error(`evaluate answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const stopsOf = (route: Json) => route.stops.map((stop: Json) => `${stop.type} ${stop.id ?? ''} ${stop.arrival_time}-${stop.departure_time}`);
const cost = (hoursWorked: number, km: number, fixed = 0) => Math.round((fixed + 10 * hoursWorked + 0.07677 * km) * 100) / 100;

t.test('a job waits for its window: idle time, arrival and departure, cost of working time and distance', async (t) => {
  const { routes } = await evaluate(lineProblem(3, {
    jobs: [{ id: 'a', location: 'P2', time_on_site: '00:15', time_window: { start: '09:00', end: '10:00' } }],
    routes: [{ id: 'r', location: 'P0', jobs: ['a'] }],
  }));
  const route = routes[0];
  t.same(stopsOf(route), ['depot P0 08:00:00-08:00:00', 'job a 08:20:00-09:15:00', 'depot P0 09:35:00-09:35:00']);
  t.equal(route.stops[1].idle_time, '00:40:00');
  t.equal(route.stops[1].time_to, '00:20:00');
  t.equal(route.stops[1].distance_to_meters, 2000);
  t.equal(route.stops[0].idle_time, undefined, 'idle_time only appears above zero');
  t.match(route, { working_time: '01:35:00', driving_time: '00:40:00', idle_time: '00:40:00', distance_meters: 4000, end_time: '09:35:00' });
  t.equal(route.cost, cost(95 / 60, 4));
  t.equal(route.internal_cost, route.cost);
  t.same(route.violations, []);
});

t.test('a late arrival with hard windows is a job_missed_time_window costing 10,000 plus a second per second late', async (t) => {
  const { routes } = await evaluate(lineProblem(4, {
    jobs: [{ id: 'a', location: 'P3', time_window: { start: '08:00', end: '08:20' } }],
    routes: [{ id: 'r', location: 'P0', jobs: ['a'] }],
  }));
  const [route] = routes;
  t.same(route.stops[1].violations, [{ type: 'job_missed_time_window', data: { amount: '08:30:00', limit: '08:20:00' } }]);
  t.equal(route.internal_cost, Math.round((route.cost + 10000 + 600) * 100) / 100);
});

t.test('with soft windows lateness costs one per minute', async (t) => {
  const { routes } = await evaluate(lineProblem(4, {
    jobs: [{ id: 'a', location: 'P3', time_window: { start: '08:00', end: '08:20' } }],
    routes: [{ id: 'r', location: 'P0', jobs: ['a'] }],
    settings: { time_windows_as_hard_constraint: false },
  }));
  t.equal(routes[0].internal_cost, Math.round((routes[0].cost + 10) * 100) / 100);
});

t.test('a job whose first window has passed is served in its second window', async (t) => {
  const { routes } = await evaluate(lineProblem(4, {
    jobs: [{ id: 'a', location: 'P3', time_window: { start: '07:00', end: '08:00' }, time_window2: { start: '11:00', end: '12:00' } }],
    routes: [{ id: 'r', location: 'P0', jobs: ['a'] }],
  }));
  t.equal(routes[0].stops[1].idle_time, '02:30:00');
  t.equal(routes[0].stops[1].departure_time, '11:00:00');
  t.same(routes[0].violations, []);
});

t.test('a break is taken on the way when it comes due, and a break due during waiting fills the wait', async (t) => {
  const { routes } = await evaluate(lineProblem(4, {
    jobs: [
      { id: 'a', location: 'P1', time_on_site: '00:10' },
      { id: 'b', location: 'P3', time_window: { start: '10:00', end: '11:00' } },
    ],
    routes: [{
      id: 'r', location: 'P0', jobs: ['a', 'b'],
      breaks: [{ id: 'coffee', start: '08:25', length: '00:15' }, { id: 'lunch', earliest_start: '09:30', latest_start: '10:30', length: '00:20' }],
    }],
  }));
  t.same(stopsOf(routes[0]), [
    'depot P0 08:00:00-08:00:00',
    'job a 08:10:00-08:20:00',
    'break coffee 08:25:00-08:40:00',
    'break lunch 09:30:00-09:50:00',
    'job b 09:50:00-10:00:00',
    'depot P0 10:30:00-10:30:00',
  ]);
  t.equal(routes[0].stops[4].idle_time, '00:10:00');
  t.equal(routes[0].stops[4].time_to, '00:20:00');
});

t.test('a break that falls during a job is taken right after it; one after the route ends is not taken', async (t) => {
  const { routes } = await evaluate(lineProblem(2, {
    jobs: [{ id: 'a', location: 'P1', time_on_site: '01:00' }],
    routes: [{
      id: 'r', location: 'P0', jobs: ['a'],
      breaks: [{ id: 'during', start: '08:30', length: '00:10' }, { id: 'late', start: '18:00', length: '00:10' }],
    }],
  }));
  const [route] = routes;
  t.same(stopsOf(route), ['depot P0 08:00:00-08:00:00', 'job a 08:10:00-09:10:00', 'break during 09:10:00-09:20:00', 'depot P0 09:30:00-09:30:00']);
  t.same(route.violations, [{ type: 'break_not_taken', data: { amount: 1, limit: 0 } }]);
  t.equal(route.internal_cost, Math.round((route.cost + 100) * 100) / 100);
});

t.test('legal breaks interrupt the driving after each interval of it', async (t) => {
  const { routes } = await evaluate(lineProblem(4, {
    jobs: [{ id: 'a', location: 'P3' }],
    routes: [{ id: 'r', location: 'P0', jobs: ['a'] }],
    settings: { enable_legal_breaks: true, legal_break_interval: '00:25', legal_break_duration: '00:05' },
  }));
  t.same(stopsOf(routes[0]), [
    'depot P0 08:00:00-08:00:00',
    'legal_break legal_break_0 08:25:00-08:30:00',
    'job a 08:35:00-08:35:00',
    'legal_break legal_break_1 08:55:00-09:00:00',
    'depot P0 09:10:00-09:10:00',
  ]);
  t.equal(routes[0].working_time, '01:10:00');
});

t.test('loads: deliveries leave loaded, pickups add up, a depot visit reloads, excess is exceeded_load_capacity', async (t) => {
  const { routes } = await evaluate(lineProblem(4, {
    jobs: [
      { id: 'a', location: 'P1', load: 3 },
      { id: 'b', location: 'P2', load: -2 },
      { id: 'c', location: 'P3', load: 4 },
    ],
    routes: [{
      id: 'r', location: 'P0', load_capacity: 4,
      stops: [{ type: 'depot', id: 'P0' }, { type: 'job', id: 'a' }, { type: 'job', id: 'b' }, { type: 'depot', id: 'P0' }, { type: 'job', id: 'c' }, { type: 'depot', id: 'P0' }],
    }],
  }));
  const [route] = routes;
  t.same(route.stops.map((stop: Json) => `${stop.type} ${stop.id} ${stop.load}`), [
    'depot P0 3', 'job a 0', 'job b 2', 'depot P0 4', 'job c 0', 'depot P0 0',
  ]);
  t.same(route.violations, []);
  const over = await evaluate(lineProblem(4, {
    jobs: [{ id: 'a', location: 'P1', load: 3 }, { id: 'c', location: 'P3', load: 4 }],
    routes: [{ id: 'r', location: 'P0', load_capacity: 4, jobs: ['a', 'c'] }],
  }));
  t.same(over.routes[0].violations, [{ type: 'exceeded_load_capacity', data: { amount: 7, limit: 4, metric: '0' } }]);
  t.equal(over.routes[0].internal_cost, Math.round((over.routes[0].cost + 10003) * 100) / 100);
});

t.test('a linked job drives on to its exit location before the next stop', async (t) => {
  const { routes } = await evaluate(lineProblem(4, {
    jobs: [{ id: 'a', location: 'P1', exit_location: 'P3', time_on_site: '00:05', exit_time_on_site: '00:02' }],
    routes: [{ id: 'r', location: 'P0', jobs: ['a'] }],
  }));
  t.same(stopsOf(routes[0]), ['depot P0 08:00:00-08:00:00', 'job a 08:10:00-08:15:00', 'job_exit a 08:35:00-08:37:00', 'depot P0 09:07:00-09:07:00']);
  t.equal(routes[0].distance_meters, 6000);
});

t.test('a route without a location starts at its first job and ends at its last', async (t) => {
  const { routes } = await evaluate(lineProblem(4, {
    jobs: [{ id: 'a', location: 'P1', time_on_site: '00:10' }, { id: 'b', location: 'P3', time_on_site: '00:10' }],
    routes: [{ id: 'r', jobs: ['a', 'b'] }],
  }));
  t.same(stopsOf(routes[0]), ['depot P1 08:00:00-08:00:00', 'job a 08:00:00-08:10:00', 'job b 08:30:00-08:40:00', 'depot P3 08:40:00-08:40:00']);
  t.match(routes[0], { working_time: '00:40:00', distance_meters: 2000 });
});

t.test('route limits: working and driving time, end time, number of jobs and overtime', async (t) => {
  const { routes } = await evaluate(lineProblem(4, {
    jobs: [{ id: 'a', location: 'P3', time_on_site: '00:30' }, { id: 'b', location: 'P3' }],
    routes: [{
      id: 'r', location: 'P0', jobs: ['a', 'b'], cost_per_hour: 20,
      max_working_time: '01:00', max_driving_time: '00:50', end_time: '09:20', max_jobs_on_route: 1, normal_working_time: '01:20',
    }],
  }));
  const [route] = routes;
  t.equal(route.working_time, '01:30:00');
  t.same(route.violations, [
    { type: 'exceeded_max_working_time', data: { amount: '01:30:00', limit: '01:00:00' } },
    { type: 'exceeded_max_driving_time', data: { amount: '01:00:00', limit: '00:50:00' } },
    { type: 'exceeded_end_time', data: { amount: '09:30:00', limit: '09:20:00' } },
    { type: 'exceeded_max_jobs_on_route', data: { amount: 2, limit: 1 } },
    { type: 'overtime', data: { amount: '01:30:00', limit: '01:20:00' } },
  ]);
  const penalties = (10000 + 1800) + (10000 + 600) + (10000 + 600) + (10000 + 1) + 1.5 * 20 * (10 / 60);
  t.equal(route.cost, Math.round((20 * 1.5 + 0.07677 * 6) * 100) / 100);
  t.equal(route.internal_cost, Math.round((20 * 1.5 + 0.07677 * 6 + penalties) * 100) / 100);
});

t.test('attributes, drivers and dates a job cannot have on its route are stop violations', async (t) => {
  const { routes } = await evaluate(lineProblem(2, {
    drivers: [{ id: 'ann' }, { id: 'bob' }],
    vehicles: [{ id: 'van', attributes: ['lift'] }],
    jobs: [{
      id: 'a', location: 'P1', required_route_attributes: ['cold', 'big'], disallowed_route_attributes: ['night'],
      required_vehicle_attributes: ['lift', 'crane'], required_driver: 'bob', forbidden_drivers: ['ann'],
      date: '2026-11-20', allowed_days_of_week: ['monday'],
    }],
    routes: [{ id: 'r', location: 'P0', date: '2026-11-22', driver: 'ann', vehicle: 'van', route_attributes: ['cold', 'night'], jobs: ['a'] }],
  }));
  t.same(routes[0].stops[1].violations.map((violation: Json) => [violation.type, violation.data.amount]), [
    ['job_missed_date_window', 2],
    ['job_delivered_on_disallowed_day', 1],
    ['missing_route_attributes', 1],
    ['disallowed_route_attributes', 1],
    ['missing_vehicle_attributes', 1],
    ['required_driver_mismatch', 1],
    ['forbidden_driver', 1],
  ]);
  t.equal(routes[0].internal_cost, Math.round((routes[0].cost + 7 * 10000) * 100) / 100);
});

t.test('a job needing depot attributes before or after it checks the depot visits around it', async (t) => {
  const body = lineProblem(4, {
    jobs: [
      { id: 'a', location: 'P1', required_pre_job_depot_attributes: ['cold'] },
      { id: 'b', location: 'P2', required_post_job_depot_attributes: ['wash'] },
    ],
    routes: [{ id: 'r', location: 'P0', stops: [{ type: 'depot', id: 'P0' }, { type: 'job', id: 'a' }, { type: 'depot', id: 'P3' }, { type: 'job', id: 'b' }, { type: 'depot', id: 'P0' }] }],
  }, { P0: ['cold'], P3: ['wash'] });
  const { routes } = await evaluate(body);
  t.same(routes[0].stops.map((stop: Json) => (stop.violations ?? []).map((violation: Json) => violation.type)), [[], [], [], ['missing_post_job_depot_attributes'], []]);
});

t.test('a job whose last depot lacks its pre attributes is missing_pre_job_depot_attributes, a hard violation', async (t) => {
  const body = (attributes: string[]) => lineProblem(3, {
    jobs: [{ id: 'a', location: 'P2', required_pre_job_depot_attributes: attributes }],
    routes: [{ id: 'r', location: 'P0', stops: [{ type: 'depot', id: 'P0' }, { type: 'depot', id: 'P1' }, { type: 'job', id: 'a' }, { type: 'depot', id: 'P0' }] }],
  }, { P0: ['frozen'], P1: ['cold'] });
  const kept = (await evaluate(body(['cold']))).routes[0];
  t.same(kept.stops.map((stop: Json) => stop.violations ?? []), [[], [], [], []], 'the reload at P1 has cold');
  const missed = (await evaluate(body(['frozen']))).routes[0];
  t.same(missed.stops[2].violations, [{ type: 'missing_pre_job_depot_attributes', data: { amount: 1, limit: 0 } }], 'only the last depot before the job counts, not the start');
  t.equal(missed.cost, kept.cost);
  t.equal(missed.internal_cost, Math.round((missed.cost + 10000) * 100) / 100);
});

t.test('a reload visit is driven, timed and priced like any stop', async (t) => {
  const { routes } = await evaluate(lineProblem(4, {
    jobs: [{ id: 'a', location: 'P1', load: 2, time_on_site: '00:05' }, { id: 'b', location: 'P3', load: 2 }],
    routes: [{ id: 'r', location: 'P0', load_capacity: 2, stops: [{ type: 'depot', id: 'P0' }, { type: 'job', id: 'a' }, { type: 'depot', id: 'P2' }, { type: 'job', id: 'b' }, { type: 'depot', id: 'P0' }] }],
  }, { P2: [] }));
  const [route] = routes;
  t.same(stopsOf(route), ['depot P0 08:00:00-08:00:00', 'job a 08:10:00-08:15:00', 'depot P2 08:25:00-08:25:00', 'job b 08:35:00-08:35:00', 'depot P0 09:05:00-09:05:00']);
  t.same(route.stops.map((stop: Json) => stop.load), [2, 0, 2, 0, 0], 'P2 loads b');
  t.match(route, { distance_meters: 6000, driving_time: '01:00:00', working_time: '01:05:00', violations: [] });
  t.equal(route.cost, cost(65 / 60, 6));
});

t.test('breaks relative to the start are offsets from the route start time', async (t) => {
  const { routes } = await evaluate(lineProblem(3, {
    jobs: [{ id: 'a', location: 'P2', time_on_site: '00:30' }],
    routes: [{
      id: 'r', location: 'P0', start_time: '10:00', breaks_relative_to_start: true, jobs: ['a'],
      breaks: [{ id: 'short', start: '00:10', length: '00:05' }, { id: 'flex', earliest_start: '00:40', latest_start: '01:00', length: '00:15' }],
    }],
  }));
  t.same(stopsOf(routes[0]), [
    'depot P0 10:00:00-10:00:00',
    'break short 10:10:00-10:15:00',
    'job a 10:25:00-10:55:00',
    'break flex 10:55:00-11:10:00',
    'depot P0 11:30:00-11:30:00',
  ]);
  t.same(routes[0].violations, []);
});

t.test('a leg the matrix cannot drive is no_safe_route on the stop it leads to', async (t) => {
  const body = lineProblem(3, {
    jobs: [{ id: 'a', location: 'P2' }],
    routes: [{ id: 'r', location: 'P0', jobs: ['a'] }],
    settings: { matrix: lineMatrix(3, [[0, 2]]) },
  });
  const { routes } = await evaluate(body);
  t.same(routes[0].stops[1].violations, [{ type: 'no_safe_route', data: { amount: 1, limit: 0 } }]);
  t.equal(routes[0].stops[1].time_to, '00:00:00');
});

t.test('dated routes carry arrival datetimes in the plan time zone', async (t) => {
  const { routes } = await evaluate(lineProblem(2, {
    jobs: [{ id: 'a', location: 'P1' }],
    routes: [{ id: 'r', location: 'P0', date: '2026-07-15', jobs: ['a'] }],
    settings: { timezone: 'Europe/Monaco' },
  }));
  t.equal(routes[0].stops[1].arrival_datetime, '2026-07-15T08:10:00+02:00');
  t.equal(routes[0].date, '2026-07-15');
});

t.test('custom fields are echoed, schedules are always answered, top-level jobs on no route are ignored', async (t) => {
  const answer = await evaluate(lineProblem(2, {
    custom: { batch: 7 },
    jobs: [{ id: 'a', location: 'P1', custom: { ref: 'x' } }, { id: 'spare', location: 'P1' }],
    routes: [{ id: 'r', location: 'P0', jobs: ['a'], custom: { team: 'blue' } }],
  }));
  t.same(answer.custom, { batch: 7 });
  t.same(answer.schedules, []);
  t.same(answer.routes[0].custom, { team: 'blue' });
  t.same(answer.routes[0].stops[1].custom, { ref: 'x' });
  t.equal(answer.routes[0].stops.length, 3);
});

t.test('return_request answers the problem with stops and route responses, and evaluating it again agrees', async (t) => {
  const body = lineProblem(3, {
    return_request: true,
    jobs: [{ id: 'a', location: 'P1' }],
    routes: [{ id: 'r', location: 'P0', jobs: ['a', { id: 'b', location: 'P2' }] }],
  });
  const returned = await evaluate(body);
  t.same(returned.jobs.map((job: Json) => job.id), ['a', 'b']);
  t.equal(returned.routes[0].jobs, undefined);
  t.equal(returned.routes[0].response.stops, undefined);
  t.equal(returned.routes[0].stops.length, 4);
  const again = await evaluate({ ...returned, return_request: false });
  t.equal(again.routes[0].cost, returned.routes[0].response.cost);
  t.same(again.routes[0].stops, returned.routes[0].stops);
});

t.test('aggregate=1 answers the problem aggregates', async (t) => {
  const aggregates = await evaluate(lineProblem(3, {
    jobs: [{ id: 'a', location: 'P1', load: 2 }, { id: 'b', location: 'P2', load: 1 }],
    routes: [{ id: 'r', location: 'P0', jobs: ['a', 'b'] }, { id: 'idle' }],
  }), '&aggregate=1');
  t.same(aggregates, {
    num_routes: 1, num_drivers_used: 1, num_assigned_jobs: 2, num_unassigned_jobs: 0, num_violations: 0,
    total_cost: cost(40 / 60, 4), total_internal_cost: cost(40 / 60, 4), total_distance_meters: 4000,
    total_driving_time: '00:40:00', total_working_time: '00:40:00', load: 3,
  });
});

t.test('an invalid problem is a 400 listing every fault, and /v1/validate says valid for a good one', async (t) => {
  const bad = await server.request('/v1/evaluate?wait=1', { method: 'POST', json: { jobs: [{ id: 'a' }, { id: 'a', location: 'x,y' }] } });
  t.equal(bad.status, 400);
  const error = (await bad.json()) as Json;
  t.equal(error.error_code, 'validation_failed_error');
  t.same(error.errors.map((fault: Json) => `${fault.property} ${fault.code}`), [
    'request.jobs[0].location job_location_missing_error',
    'request.jobs[1].location invalid_latlon_error',
    'request.jobs[1].id duplicate_id_error',
  ]);
  t.equal(error.extra_error_information.validation_failures_count, 3);
  const good = await server.request('/v1/validate', { method: 'POST', json: lineProblem(2, { routes: [{ id: 'r' }] }) });
  t.equal(good.status, 200);
  t.same(await good.json(), { valid: true });
  const invalid = await server.request('/v1/validate', { method: 'POST', json: { routes: [{ id: 'r', date: 'soon' }] } });
  t.equal(invalid.status, 400);
});

t.test('route_paths adds the path to each stop; a matrix problem has straight legs, breaks have none', async (t) => {
  const { routes } = await evaluate(lineProblem(3, {
    jobs: [{ id: 'a', location: 'P2' }],
    routes: [{ id: 'r', location: 'P0', jobs: ['a'], breaks: [{ id: 'pause', start: '08:05', length: '00:05' }] }],
    settings: { route_paths: true },
  }));
  t.same(routes[0].stops.map((stop: Json) => [stop.type, stop.path_to_stop]), [
    ['depot', undefined],
    ['break', undefined],
    ['job', ['0.000000,0.000000', '0.000000,0.002000']],
    ['depot', ['0.000000,0.002000', '0.000000,0.000000']],
  ]);
});

t.test('a slower driving speed stretches every leg; defaults give the time on site', async (t) => {
  const { routes } = await evaluate(lineProblem(3, {
    vehicles: [{ id: 'slow', driving_speed_percentage: 50 }],
    jobs: [{ id: 'a', location: 'P2' }],
    routes: [{ id: 'r', location: 'P0', vehicle: 'slow', jobs: ['a'] }],
    settings: { defaults: { time_on_site: '00:07', cost_per_hour: 60 } },
  }));
  t.same(stopsOf(routes[0]), ['depot P0 08:00:00-08:00:00', 'job a 08:40:00-08:47:00', 'depot P0 09:27:00-09:27:00']);
  t.equal(routes[0].cost, Math.round((60 * (87 / 60) + 0.07677 * 4) * 100) / 100);
});

t.test('critical_violations make overtime and untaken breaks hard', async (t) => {
  const body = (critical: string[]) => lineProblem(2, {
    jobs: [{ id: 'a', location: 'P1', time_on_site: '01:00' }],
    routes: [{ id: 'r', location: 'P0', jobs: ['a'], normal_working_time: '01:00', breaks: [{ id: 'late', start: '20:00', length: '00:10' }] }],
    settings: { critical_violations: critical },
  });
  const soft = (await evaluate(body([]))).routes[0];
  const hard = (await evaluate(body(['overtime', 'break_not_taken']))).routes[0];
  t.equal(soft.internal_cost, Math.round((soft.cost + 1.5 * 10 * (20 / 60) + 100) * 100) / 100);
  t.equal(hard.internal_cost, Math.round((hard.cost + 10000 + 20 * 60 + 10000) * 100) / 100);
});

t.test('routes refer to schedule occurrences by id; one on the wrong week misses its date window', async (t) => {
  const answer = await evaluate(lineProblem(2, {
    schedules: [{ id: 'visit', type: 'weekly', base_date: '2026-11-23', job_template: { location: 'P1' } }],
    routes: [{ id: 'week1', location: 'P0', date: '2026-11-23', jobs: ['visit_2'] }, { id: 'week2', location: 'P0', date: '2026-11-30', jobs: ['visit_1'] }],
  }));
  t.same(answer.schedules, [{ id: 'visit', base_date: '2026-11-23' }]);
  t.same(answer.routes.map((route: Json) => route.stops[1].violations), [
    [{ type: 'job_missed_date_window', data: { amount: 7, limit: 0 } }],
    [{ type: 'job_missed_date_window', data: { amount: 7, limit: 0 } }],
  ]);
});

t.test('written times add up after rounding: departure = arrival + idle + time on site', async (t) => {
  const body = lineProblem(3, {
    jobs: [{ id: 'a', location: 'P1', time_on_site: '00:00:10', time_window: { start: '08:00:01', end: '09:00' } }, { id: 'b', location: 'P2' }],
    routes: [{ id: 'r', location: 'P0', start_time: '07:59:59', jobs: ['a', 'b'] }],
  });
  (body.settings.matrix.durations[0] as number[])[1] = 0.6;
  (body.settings.matrix.durations[1] as number[])[2] = 0.6;
  const { routes } = await evaluate(body);
  const seconds = timespanSeconds;
  for (const stop of routes[0].stops as Json[]) {
    t.equal(seconds(stop.departure_time), seconds(stop.arrival_time) + seconds(stop.idle_time ?? '00:00:00') + seconds(stop.time_on_site), `${stop.type} ${stop.id}`);
  }
});
