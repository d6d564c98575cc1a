// POST /v1/recommend through HTTP on seeded plane problems with explicit matrices.
import t from 'tap';
import { planeProblem, type Json } from '../helpers/plane-problem.js';
import { postFollowing } from '../helpers/map-server.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { timespanSeconds } from '../helpers/plan-checker.js';

let server: TestServer;
t.before(async () => {
  server = await startTestServer();
});
t.teardown(() => server.close());

const post = (path: string, body: unknown) => postFollowing(server, path, body);

function jobIds(route: Json): string[] {
  return (route.stops as Json[]).filter((stop) => stop.type === 'job').map((stop) => stop.id);
}


function violationCount(route: Json): number {
  return route.violations.length + (route.stops as Json[]).reduce((sum, stop) => sum + (stop.violations?.length ?? 0), 0);
}

t.test('every option\'s deltas are evaluate after the insertion minus evaluate before', async (t) => {
  for (const seed of [11, 12]) {
    const { body, spareJobs } = planeProblem(seed, 3, 4, 1);
    const job: Json = { ...spareJobs[0]!, time_window: { start: '08:00', end: '09:30' } };
    const { body: answer } = await post('/v1/recommend?wait=1', { ...body, job, max_results: -1 });
    const options = answer.recommend_options as Json[];
    t.equal(options.length, 3 * 5, 'every position of every route (the window is hard: none is missed here)');
    const before = (await post('/v1/evaluate?wait=1', body)).body.routes as Json[];
    for (const option of options) {
      const order = jobIds(option.route);
      t.equal(order.indexOf(job.id), option.job_index);
      const routes = body.routes.map((route: Json, index: number) => (index === option.route_index ? { ...route, jobs: order } : route));
      const after = (await post('/v1/evaluate?wait=1', { ...body, jobs: [...body.jobs, job], routes })).body.routes as Json[];
      const was = before[option.route_index]!;
      const now = after[option.route_index]!;
      t.same(option.route, now, 'the route as evaluate answers it');
      t.equal(option.delta_cost, Math.round((now.cost - was.cost) * 100) / 100);
      t.equal(option.delta_internal_cost, Math.round((now.internal_cost - was.internal_cost) * 100) / 100);
      t.equal(option.delta_distance_meters, Math.round((now.distance_meters - was.distance_meters) * 100) / 100);
      t.equal(timespanSeconds(option.delta_working_time), timespanSeconds(now.working_time) - timespanSeconds(was.working_time));
    }
    for (let index = 1; index < options.length; index++) {
      const [a, b] = [options[index - 1]!, options[index]!];
      const order = violationCount(a.route) - violationCount(b.route) || a.delta_internal_cost - b.delta_internal_cost;
      t.ok(order <= 0, 'ranked by fewest violations, then added internal cost');
    }
  }
});

t.test('a position that would miss a hard window is offered only when hard violations are allowed', async (t) => {
  const { body, spareJobs } = planeProblem(13, 2, 3, 1);
  const job = { ...spareJobs[0]!, time_window: { start: '08:00', end: '08:00:01' } };
  const strict = (await post('/v1/recommend?wait=1', { ...body, job, max_results: -1 })).body.recommend_options as Json[];
  t.same(strict, []);
  const loose = (await post('/v1/recommend?wait=1', { ...body, job, max_results: -1, allow_hard_constraint_violations: true })).body.recommend_options as Json[];
  t.equal(loose.length, 2 * 4);
  t.ok(loose.every((option) => violationCount(option.route) >= 1));
});

t.test('max_results defaults to 10 and caps count per route, driver and date', async (t) => {
  const { body, spareJobs } = planeProblem(14, 4, 4, 1);
  body.drivers = [{ id: 'anna' }, { id: 'ben' }];
  body.routes.forEach((route: Json, index: number) => {
    route.driver = index % 2 === 0 ? 'anna' : 'ben';
    route.date = index < 2 ? '2026-11-23' : '2026-11-24';
  });
  const ask = async (caps: Json) => (await post('/v1/recommend?wait=1', { ...body, job: spareJobs[0], ...caps })).body.recommend_options as Json[];
  t.equal((await ask({})).length, 10);
  const count = (options: Json[], key: (option: Json) => string) =>
    Math.max(...Object.values(options.reduce((counts: Json, option) => ({ ...counts, [key(option)]: (counts[key(option)] ?? 0) + 1 }), {})).map(Number));
  const perRoute = await ask({ max_results: -1, max_results_per_route: 2 });
  t.equal(perRoute.length, 8);
  t.equal(count(perRoute, (option) => option.route.id), 2);
  const perDriver = await ask({ max_results: -1, max_results_per_driver: 3 });
  t.equal(perDriver.length, 6);
  t.equal(count(perDriver, (option) => option.route.driver), 3);
  const perDate = await ask({ max_results: -1, max_results_per_date: 1 });
  t.same(perDate.map((option) => option.route.date).sort(), ['2026-11-23', '2026-11-24']);
  for (const none of [-1, null, '']) t.equal((await ask({ max_results: -1, max_results_per_route: none })).length, 20);
});

t.test('a cap of 0 or below -1 is a validation error at its path', async (t) => {
  const { body, spareJobs } = planeProblem(15, 1, 1, 1);
  const answer = await post('/v1/recommend?wait=1', { ...body, job: spareJobs[0], max_results_per_date: 0, max_results: -2 });
  t.equal(answer.status, 400);
  t.same((answer.body.errors as Json[]).map((error) => [error.property, error.code]).sort(),
    [['request.max_results', 'value_out_of_range_error'], ['request.max_results_per_date', 'value_out_of_range_error']]);
  const missing = await post('/v1/recommend?wait=1', { ...body, job: { id: 'x' } });
  t.same((missing.body.errors as Json[]).map((error) => error.property), ['request.job.location']);
});
