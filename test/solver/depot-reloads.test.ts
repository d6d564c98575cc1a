import t, { type Test } from 'tap';
import { lineProblem } from '../helpers/line-problem.js';
import { planAndEvaluate as planAndEvaluateWith, planningServer, type Json } from '../helpers/planning-server.js';
import { randomVrpBody } from '../helpers/random-vrp.js';

const call = planningServer(t);
const planAndEvaluate = (t: Test, operation: string, body: Json) => planAndEvaluateWith(t, call, operation, body);

const quick = { time_limit_seconds: 1 };
/** A route's stops as `type:id`, start and end included. */
const stopsOf = (route: Json): string[] => route.stops.map((stop: Json) => `${stop.type}:${stop.id}`);
const jobsOf = (route: Json): string[] => route.stops.filter((stop: Json) => stop.type === 'job').map((stop: Json) => stop.id);
/** Violations of a returned request's routes (route_response in `response`, stops beside it). */
const violationsOf = (returned: Json): unknown[] =>
  returned.routes.flatMap((route: Json) => [...route.response.violations, ...route.stops.flatMap((stop: Json) => stop.violations ?? [])]);

/** Capacity 10 on P0 (a depot; P5 is one too, farther), three deliveries of 5 at P1–P3. */
function threeDeliveries(route: Json = {}): Json {
  return lineProblem(6, {
    jobs: [{ id: 'a', location: 'P1', load: 5 }, { id: 'b', location: 'P2', load: 5 }, { id: 'c', location: 'P3', load: 5 }],
    routes: [{ id: 'r', location: 'P0', load_capacity: 10, ...route }],
    settings: quick,
  }, { P0: [], P5: [] });
}

/** The three deliveries given as two trips with a reload at P0 between them. */
const givenTwoTrips = {
  stops: [{ type: 'depot', id: 'P0' }, { type: 'job', id: 'a' }, { type: 'depot', id: 'P0' }, { type: 'job', id: 'b' },
    { type: 'job', id: 'c' }, { type: 'depot', id: 'P0' }],
};

t.test('a job that needs a depot attribute is routed with a reload at a depot that has it, just before it', async (t) => {
  const body = lineProblem(5, {
    jobs: [{ id: 'cold', location: 'P3', required_pre_job_depot_attributes: ['cold'] }, { id: 'plain', location: 'P1' }],
    routes: [{ id: 'r', start_location: 'P0', end_location: 'P4' }],
    settings: quick,
  }, { P2: ['cold'], P1: ['wash'] });
  const built = await planAndEvaluate(t, 'build', body);
  t.same(stopsOf(built.routes[0]), ['depot:P0', 'job:plain', 'depot:P2', 'job:cold', 'depot:P4']);
  t.same(violationsOf(built), []);
});

t.test('a job that needs a depot attribute after it is followed by a reload at a depot that has it', async (t) => {
  const body = lineProblem(4, {
    jobs: [{ id: 'dirty', location: 'P1', required_post_job_depot_attributes: ['wash'] }],
    routes: [{ id: 'r', location: 'P0' }],
    settings: quick,
  }, { P3: ['wash'], P2: ['cold'] });
  const built = await planAndEvaluate(t, 'build', body);
  t.same(stopsOf(built.routes[0]), ['depot:P0', 'job:dirty', 'depot:P3', 'depot:P0']);
  t.same(violationsOf(built), []);
});

t.test('a job that needs depot attributes before and after it gets a reload on each side', async (t) => {
  const body = lineProblem(5, {
    jobs: [{ id: 'both', location: 'P2', required_pre_job_depot_attributes: ['cold'], required_post_job_depot_attributes: ['wash'] }],
    routes: [{ id: 'r', start_location: 'P0', end_location: 'P4' }],
    settings: quick,
  }, { P1: ['cold'], P3: ['wash'] });
  const built = await planAndEvaluate(t, 'build', body);
  t.same(stopsOf(built.routes[0]), ['depot:P0', 'depot:P1', 'job:both', 'depot:P3', 'depot:P4']);
  t.same(violationsOf(built), []);
});

t.test('deliveries beyond the capacity make two trips with a reload instead of leaving a job unrouted', async (t) => {
  const built = await planAndEvaluate(t, 'build', threeDeliveries());
  t.same(jobsOf(built.routes[0]).sort(), ['a', 'b', 'c'], 'every job routed');
  const stops = stopsOf(built.routes[0]);
  t.equal(stops.filter((stop) => stop === 'depot:P0').length, 3, `one reload, at the nearer depot, between the trips: ${stops.join(' ')}`);
  t.equal(built.routes[0].response.distance_meters, 8000, 'on the shortest two trips (8 km)');
  t.same(violationsOf(built), []);
  t.ok(built.routes[0].stops.every((stop: Json) => (stop.load ?? 0) <= 10), 'no stop carries more than the capacity');
});

t.test('pickups beyond the capacity are unloaded at a depot between two trips', async (t) => {
  const body = threeDeliveries();
  for (const job of body.jobs) job.load = -5;
  const built = await planAndEvaluate(t, 'build', body);
  t.same(jobsOf(built.routes[0]).sort(), ['a', 'b', 'c'], 'every job routed');
  t.equal(stopsOf(built.routes[0]).slice(1, -1).filter((stop) => stop.startsWith('depot')).length, 1, 'one reload');
  t.same(violationsOf(built), []);
});

t.test('without a depot marker a job beyond the capacity stays unrouted', async (t) => {
  const body = threeDeliveries();
  body.markers = body.markers.map(({ is_depot: _, attributes: __, ...marker }: Json) => marker);
  const built = await call('build', body);
  t.equal(built.unrouted_jobs.length, 1);
  t.notOk(stopsOf(built.routes[0]).slice(1, -1).some((stop) => stop.startsWith('depot')), 'no reload');
});

for (const operation of ['optimize', 'sequence']) {
  t.test(`${operation} keeps a given reload the route needs`, async (t) => {
    const answer = await planAndEvaluate(t, operation, threeDeliveries(givenTwoTrips));
    const stops = stopsOf(answer.routes[0]);
    t.equal(stops.filter((stop) => stop === 'depot:P0').length, 3, `the reload is kept: ${stops.join(' ')}`);
    t.same(jobsOf(answer.routes[0]).sort(), ['a', 'b', 'c']);
    t.same(violationsOf(answer), []);
  });

  t.test(`${operation} drops a given reload that serves nothing`, async (t) => {
    const answer = await planAndEvaluate(t, operation, threeDeliveries({ ...givenTwoTrips, load_capacity: 20 }));
    const stops = stopsOf(answer.routes[0]);
    t.equal(stops.filter((stop) => stop.startsWith('depot')).length, 2, `only the route's ends: ${stops.join(' ')}`);
    t.same(violationsOf(answer), []);
  });
}

t.test('sequence adds the reload a given route needs, and settles it at the depot and place that cost least', async (t) => {
  const answer = await planAndEvaluate(t, 'sequence', threeDeliveries({ jobs: ['a', 'b', 'c'] }));
  const stops = stopsOf(answer.routes[0]);
  t.equal(stops.slice(1, -1).filter((stop) => stop.startsWith('depot')).length, 1, `one reload: ${stops.join(' ')}`);
  t.equal(stops.filter((stop) => stop === 'depot:P0').length, 3, 'at the nearer depot');
  t.equal(answer.routes[0].response.distance_meters, 8000, 'on the shortest two trips (8 km)');
  t.same(violationsOf(answer), []);
});

t.test('on random problems beyond the fleet\'s capacity, reloads at the depot route more jobs, without violations', async (t) => {
  for (const options of [{}, { breaks: true, softWindows: true }]) {
    const body = randomVrpBody(7, { jobs: 30, routes: 2, capacity: 15, ...options });
    body.settings = { ...body.settings, ...quick };
    const withReloads = await planAndEvaluate(t, 'build', body);
    const routedWith = withReloads.routes.flatMap(jobsOf).length;
    body.markers[0].is_depot = false;
    const routedWithout = (await call('build', body)).routes.flatMap(jobsOf).length;
    t.ok(routedWith > routedWithout, `${JSON.stringify(options)}: ${routedWithout} jobs routed without reloads, ${routedWith} with`);
    t.ok(withReloads.routes.some((route: Json) => route.stops.slice(1, -1).some((stop: Json) => stop.type === 'depot')), 'some route reloads');
    t.same(violationsOf(withReloads).filter((violation: any) => violation.type !== 'job_missed_time_window' || !options.softWindows), [], 'no hard violation');
  }
});
