import t from 'tap';
import { lineProblem } from '../helpers/line-problem.js';
import { planningServer, type Json } from '../helpers/planning-server.js';
import { randomVrpBody } from '../helpers/random-vrp.js';

const call = planningServer(t);

const jobIdsOf = (route: Json): string[] => route.stops.filter((stop: Json) => stop.type === 'job').map((stop: Json) => stop.id);
const violationsOf = (answer: Json): unknown[] => answer.routes.flatMap((route: Json) => [...route.violations, ...route.stops.flatMap((stop: Json) => stop.violations ?? [])]);
const quick = { time_limit_seconds: 1 };

function constrained(seed: number): Json {
  const body = randomVrpBody(seed, { jobs: 25, routes: 4, capacity: 25 });
  body.settings = { ...body.settings, ...quick };
  body.jobs[0].required_route_attributes = ['cold'];
  body.jobs[1].required_route_attributes = ['cold'];
  body.routes[2].route_attributes = ['cold'];
  body.routes[1].max_jobs_on_route = 3;
  body.routes[3].max_working_time = '04:00';
  return body;
}

t.test('build places jobs without any violation and accounts for every job once', async (t) => {
  for (const seed of [1, 2, 3]) {
    const body = constrained(seed);
    const answer = await call('build', body);
    t.same(violationsOf(answer), [], `seed ${seed}: no violations`);
    const routed = answer.routes.flatMap(jobIdsOf);
    const unrouted = answer.unrouted_jobs.map((job: Json) => job.id);
    t.same([...routed, ...unrouted].sort(), body.jobs.map((job: Json) => job.id).sort(), `seed ${seed}: each job routed or unrouted, once`);
    t.ok(routed.length > 15, `seed ${seed}: most jobs routed (${routed.length})`);
    for (const route of answer.routes) {
      if (route.id !== 'r2') t.notOk(jobIdsOf(route).some((id) => id === 'j0' || id === 'j1'), `seed ${seed}: cold jobs only on the cold route`);
    }
    t.ok(jobIdsOf(answer.routes[1]).length <= 3, `seed ${seed}: max_jobs_on_route kept`);
    t.same(answer.schedules, []);
  }
});

t.test('a job that no route can serve in time is unrouted, the others are routed', async (t) => {
  const answer = await call('build', lineProblem(4, {
    jobs: [
      { id: 'late', location: 'P3', time_window: { start: '06:00', end: '06:30' } },
      { id: 'ok', location: 'P2' },
    ],
    routes: [{ id: 'r', location: 'P0' }],
    settings: quick,
  }));
  t.same(answer.unrouted_jobs.map((job: Json) => job.id), ['late']);
  t.same(jobIdsOf(answer.routes[0]), ['ok']);
});

t.test('when not every job fits, the job of higher priority is kept', async (t) => {
  const answer = await call('build', lineProblem(3, {
    jobs: [
      { id: 'low', location: 'P1', load: 5 },
      { id: 'high', location: 'P2', load: 5, priority: 10 },
    ],
    routes: [{ id: 'r', location: 'P0', load_capacity: 5 }],
    settings: quick,
  }));
  t.same(jobIdsOf(answer.routes[0]), ['high']);
  t.same(answer.unrouted_jobs.map((job: Json) => job.id), ['low']);
});

t.test('evaluate of a build result reproduces every number', async (t) => {
  const body = constrained(4);
  const built = await call('build', { ...body, return_request: true });
  // The returned request keeps return_request: evaluate answers in the same form.
  const evaluated = await call('evaluate', built);
  t.ok(built.routes.some((route: Json) => route.stops.length > 0));
  t.same(evaluated.routes.map((route: Json) => route.response), built.routes.map((route: Json) => route.response));
  t.same(evaluated.routes.map((route: Json) => route.stops), built.routes.map((route: Json) => route.stops));
});

t.test('optimize starts from the given routes, inserts the unassigned jobs and never costs more', async (t) => {
  const body = randomVrpBody(5, { jobs: 20, routes: 3, assigned: true, capacity: 60 });
  body.settings = { ...body.settings, ...quick };
  const onRoutes = new Set(body.routes.flatMap((route: Json) => route.jobs));
  body.jobs.push({ id: 'extra', location: 'M3' });
  const given = await call('evaluate', body);
  const optimized = await call('optimize', body);
  const total = (answer: Json) => answer.routes.reduce((sum: number, route: Json) => sum + route.internal_cost, 0);
  t.ok(total(optimized) <= total(given), `internal cost ${total(given)} → ${total(optimized)}`);
  t.same(violationsOf(optimized), []);
  const routed = new Set(optimized.routes.flatMap(jobIdsOf));
  t.ok(routed.has('extra'), 'the job on no route was inserted');
  for (const id of onRoutes) t.ok(routed.has(id) || optimized.unrouted_jobs.some((job: Json) => job.id === id), `${id} accounted for`);
});

t.test('sequence reorders within routes only, never unroutes, and reports what it cannot keep', async (t) => {
  const body = randomVrpBody(6, { jobs: 24, routes: 3, assigned: true, capacity: 100 });
  // A window nobody can meet: 06:00–06:05 while routes start at 08:00.
  body.jobs[0].time_window = { start: '06:00', end: '06:05' };
  body.settings = { ...body.settings, ...quick };
  const given = await call('evaluate', body);
  const sequenced = await call('sequence', body);
  t.equal(sequenced.unrouted_jobs, undefined, 'sequence has no unrouted_jobs');
  sequenced.routes.forEach((route: Json, index: number) => {
    t.same([...jobIdsOf(route)].sort(), [...body.routes[index].jobs].sort(), `route ${route.id} keeps its jobs`);
  });
  const missed = sequenced.routes.flatMap((route: Json) => route.stops).find((stop: Json) => stop.id === 'j0');
  t.match(missed.violations, [{ type: 'job_missed_time_window' }], 'the impossible window is reported');
  const total = (answer: Json) => answer.routes.reduce((sum: number, route: Json) => sum + route.internal_cost, 0);
  t.ok(total(sequenced) <= total(given) + 1e-6, `internal cost ${total(given)} → ${total(sequenced)}`);
});

t.test('critical_violations turns overtime hard: the job that would cause it is left unrouted', async (t) => {
  const body = (critical: string[]) => lineProblem(4, {
    jobs: [{ id: 'far', location: 'P3' }],
    routes: [{ id: 'r', location: 'P0', normal_working_time: '00:30' }],
    settings: { ...quick, critical_violations: critical },
  });
  const soft = await call('build', body([]));
  t.same(jobIdsOf(soft.routes[0]), ['far'], 'soft overtime is only a cost');
  t.match(soft.routes[0].violations, [{ type: 'overtime' }]);
  const hard = await call('build', body(['overtime']));
  t.same(hard.unrouted_jobs.map((job: Json) => job.id), ['far']);
});

t.test('a dated job goes on the route of its date, and a job for a date no route has stays unrouted', async (t) => {
  const answer = await call('build', lineProblem(3, {
    jobs: [{ id: 'monday', location: 'P1', date: '2026-01-05' }, { id: 'tuesday', location: 'P2', date: '2026-01-06' }, { id: 'sunday', location: 'P2', date: '2026-01-04' }],
    routes: [{ id: 'mon', location: 'P0', date: '2026-01-05' }, { id: 'tue', location: 'P0', date: '2026-01-06' }],
    settings: quick,
  }));
  t.same(answer.routes.map(jobIdsOf), [['monday'], ['tuesday']]);
  t.same(answer.unrouted_jobs.map((job: Json) => job.id), ['sunday']);
});
