// problem_aggregates (aggregate=1) mean the same in every planning operation.
import t from 'tap';
import { postExpectingOk } from '../helpers/map-server.js';
import { planeProblem, type Json } from '../helpers/plane-problem.js';
import { startTestServer } from '../helpers/test-server.js';

t.test('num_routes counts the routes with at least one job, in every operation that answers aggregates', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  const { body, spareJobs } = planeProblem(41, 3, 4, 2);
  // Five routes, of which two are given no job: evaluate and sequence leave them empty.
  const routes = [...body.routes, { id: 'idle1', location: 'm0' }, { id: 'idle2', location: 'm1', jobs: [] }];
  const problem = { ...body, routes, settings: { ...body.settings, time_limit_seconds: 1 } };
  const bodies: Record<string, Json> = {
    evaluate: problem,
    sequence: problem,
    build: { ...problem, jobs: [...body.jobs, ...spareJobs], routes: routes.map(({ jobs: _jobs, ...route }) => route) },
    optimize: { ...problem, jobs: [...body.jobs, ...spareJobs] },
    insert: { ...problem, jobs_to_insert: spareJobs },
  };
  for (const [operation, request] of Object.entries(bodies)) {
    const plan = await postExpectingOk(t, server, `/v1/${operation}?wait=1`, request);
    const aggregates = await postExpectingOk(t, server, `/v1/${operation}?wait=1&aggregate=1`, request);
    const withJobs = (plan.routes as Json[]).filter((route) => (route.stops as Json[]).some((stop) => stop.type === 'job'));
    t.equal(plan.routes.length, routes.length, `${operation} answers every route`);
    t.equal(aggregates.num_routes, withJobs.length, `${operation}: num_routes = routes with a job (${withJobs.length})`);
  }
});
