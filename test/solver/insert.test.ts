// POST /v1/insert through HTTP on seeded plane problems with explicit matrices.
import t from 'tap';
import { planeProblem, type Json } from '../helpers/plane-problem.js';
import { postFollowing } from '../helpers/map-server.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

let server: TestServer;
t.before(async () => {
  server = await startTestServer({ env: { FLEETROUTE_MAX_JOBS_TO_INSERT: '8' } });
});
t.teardown(() => server.close());

const post = (path: string, body: unknown) => postFollowing(server, path, body);

function jobIds(route: Json): string[] {
  return (route.stops as Json[]).filter((stop) => stop.type === 'job').map((stop) => stop.id);
}

t.test('insert never reorders existing jobs, and its answer is what evaluate says of the same plan', async (t) => {
  for (const seed of [1, 2, 3]) {
    const { body, spareJobs } = planeProblem(seed, 4, 5, 6);
    const inserted = await post('/v1/insert?wait=1', { ...body, jobs_to_insert: spareJobs });
    t.equal(inserted.status, 200);
    const routes = inserted.body.routes as Json[];
    routes.forEach((route, index) => {
      const original = body.routes[index].jobs as string[];
      t.same(jobIds(route).filter((id) => original.includes(id)), original, `seed ${seed}: route ${route.id} keeps its order`);
    });
    const placed = routes.flatMap(jobIds);
    const unrouted = (inserted.body.unrouted_jobs as Json[]).map((job) => job.id);
    t.same([...placed, ...unrouted].sort(), [...body.jobs, ...spareJobs].map((job: Json) => job.id).sort(), 'every job once');
    t.same(unrouted, [], 'nothing constrains these jobs, so all fit');
    const evaluated = await post('/v1/evaluate?wait=1', {
      ...body,
      jobs: [...body.jobs, ...spareJobs],
      routes: body.routes.map((route: Json, index: number) => ({ ...route, jobs: jobIds(routes[index]!) })),
    });
    t.same(evaluated.body.routes, routes, `seed ${seed}: evaluate reproduces every number`);
  }
});

t.test('each job goes where it adds the least internal cost', async (t) => {
  const { body, spareJobs } = planeProblem(7, 3, 4, 1);
  const inserted = await post('/v1/insert?wait=1', { ...body, jobs_to_insert: spareJobs });
  const options = await post('/v1/recommend?wait=1', { ...body, job: spareJobs[0], max_results: 1 });
  const best = options.body.recommend_options[0] as Json;
  t.same(inserted.body.routes[best.route_index], best.route);
});

t.test('a job whose required attribute no route has is unrouted, unless hard violations are allowed', async (t) => {
  const { body, spareJobs } = planeProblem(4, 2, 3, 2);
  const picky: Json = { ...spareJobs[0]!, required_route_attributes: ['crane'] };
  const strict = await post('/v1/insert?wait=1', { ...body, jobs_to_insert: [picky, spareJobs[1]] });
  t.same(strict.body.unrouted_jobs.map(({ type, id }: Json) => ({ type, id })), [{ type: 'job', id: picky.id }]);
  t.same(strict.body.unrouted_jobs[0].reasons.map(({ code, route_ids: routeIds }: Json) => ({ code, routeIds })),
    [{ code: 'route_attributes_missing', routeIds: (body.routes as Json[]).map((route) => route.id) }]);
  t.ok((strict.body.routes as Json[]).some((route) => jobIds(route).includes(spareJobs[1]!.id)));
  const loose = await post('/v1/insert?wait=1', { ...body, jobs_to_insert: [picky], allow_hard_constraint_violations: true });
  t.same(loose.body.unrouted_jobs, []);
  const stop = (loose.body.routes as Json[]).flatMap((route) => route.stops as Json[]).find((candidate) => candidate.id === picky.id)!;
  t.same(stop.violations.map((violation: Json) => violation.type), ['missing_route_attributes']);
});

t.test('return_request answers the problem with the inserted jobs among its jobs and routes', async (t) => {
  const { body, spareJobs } = planeProblem(5, 2, 2, 1);
  const { body: returned } = await post('/v1/insert?wait=1', { ...body, jobs_to_insert: spareJobs, return_request: true });
  t.ok((returned.jobs as Json[]).some((job) => job.id === spareJobs[0]!.id));
  t.notOk('jobs_to_insert' in returned);
  t.ok((returned.routes as Json[]).some((route) => (route.stops as Json[]).some((stop) => stop.id === spareJobs[0]!.id)));
});

t.test('more jobs to insert than configured is too_many_jobs_to_insert_error', async (t) => {
  const { body, spareJobs } = planeProblem(6, 1, 1, 9);
  const answer = await post('/v1/insert?wait=1', { ...body, jobs_to_insert: spareJobs });
  t.equal(answer.status, 400);
  t.equal(answer.body.error_code, 'too_many_jobs_to_insert_error');
});

t.test('faults in jobs to insert are reported at their own path', async (t) => {
  const { body, spareJobs } = planeProblem(6, 1, 1, 2);
  const answer = await post('/v1/insert?wait=1', { ...body, jobs_to_insert: [spareJobs[0], { id: 'x' }] });
  t.equal(answer.status, 400);
  t.same((answer.body.errors as Json[]).map((error) => [error.property, error.code]), [['request.jobs_to_insert[1].location', 'job_location_missing_error']]);
});

t.test('a job that only fits after a reload is inserted with a depot visit, and the other stops keep their order', async (t) => {
  const { body, spareJobs } = planeProblem(8, 1, 3, 1);
  body.markers[0].is_depot = true;
  body.routes[0].load_capacity = 3;
  for (const job of [...body.jobs, ...spareJobs]) job.load = 1;
  const { body: answer } = await post('/v1/insert?wait=1', { ...body, jobs_to_insert: spareJobs });
  t.same(answer.unrouted_jobs, []);
  const route = answer.routes[0] as Json;
  const kinds = (route.stops as Json[]).map((stop) => (stop.type === 'job' ? stop.id : stop.type));
  t.equal(kinds.filter((kind) => kind === 'depot').length, 3, 'start, one reload and end');
  t.same(jobIds(route).filter((id) => id !== spareJobs[0]!.id), body.routes[0].jobs);
  t.same(route.violations, []);
  t.ok((route.stops as Json[]).every((stop) => (stop.violations ?? []).length === 0));
});

t.test('when room is short, the job with the higher priority is the one inserted', async (t) => {
  const { body, spareJobs } = planeProblem(9, 1, 2, 2);
  body.routes[0].load_capacity = 3;
  for (const job of body.jobs) job.load = 1;
  const low: Json = { ...spareJobs[0]!, load: 1, priority: 2 };
  const high: Json = { ...spareJobs[1]!, load: 1, priority: 8 };
  const { body: answer } = await post('/v1/insert?wait=1', { ...body, jobs_to_insert: [low, high] });
  t.same(answer.unrouted_jobs.map(({ type, id }: Json) => ({ type, id })), [{ type: 'job', id: low.id }]);
  t.same(answer.unrouted_jobs[0].reasons.map((reason: Json) => reason.code), ['displaced'], 'it fits the route alone, not beside the others');
  t.ok(jobIds(answer.routes[0]).includes(high.id));
});

t.test('jobs of equal priority are placed cheapest first, so the order they are listed in does not matter', async (t) => {
  const { body, spareJobs } = planeProblem(10, 3, 3, 5);
  const forward = await post('/v1/insert?wait=1', { ...body, jobs_to_insert: spareJobs });
  const backward = await post('/v1/insert?wait=1', { ...body, jobs_to_insert: [...spareJobs].reverse() });
  t.same(backward.body.routes, forward.body.routes);
});
