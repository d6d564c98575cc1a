/**
 * Every constraint of the model through build, optimize and sequence over HTTP, on small problems along a line
 * of places (10 minutes and 1 km apart, routes from P0 at 08:00). Each case gives its jobs to the routes in an
 * order or assignment that breaks the constraint; build, optimize and sequence must each answer a plan that the
 * independent checker (test/helpers/plan-checker.ts) finds clean and that evaluate reproduces. Where a case has
 * an impossible variant, build and optimize leave job `x` unrouted and sequence keeps it and reports the
 * violation.
 */
import t, { type Test } from 'tap';
import { lineProblem } from '../helpers/line-problem.js';
import { planFaults, timespanSeconds } from '../helpers/plan-checker.js';
import { planAndEvaluate, planningServer, type Json } from '../helpers/planning-server.js';

const call = planningServer(t);

interface ConstraintCase {
  /** What the constraint is, as a test name reads it. */
  name: string;
  /** Jobs (by id on routes) that can all be routed while keeping the constraint, given in a way that breaks it. */
  kept: Json;
  /** Sequence cannot move jobs between routes: where `kept` assigns them wrongly, the jobs of each route for sequence. */
  sequenceAssignment?: string[][];
  /** The same constraint where job `x` cannot be kept on any route; sequence reports `violation` for it. */
  impossible?: { body: Json; violation: string };
}

const quick = { time_limit_seconds: 0.5 };
const line = (extra: Json, depots: Record<string, string[]> = {}) => lineProblem(6, { ...extra, settings: { ...quick, ...extra.settings } }, depots);
const twoRoutes = (first: Json, second: Json, jobs: [string[], string[]]) => [
  { id: 'r1', location: 'P0', jobs: jobs[0], ...first },
  { id: 'r2', location: 'P0', jobs: jobs[1], ...second },
];
const drivers = [{ id: 'd1' }, { id: 'd2' }, { id: 'd3' }];

/** Routes on Monday 5 and Tuesday 6 January 2026; x, given to Monday's, allows only what `allowed` says. */
function datedCase(name: string, allowed: Json, impossible: Json, violation: string): ConstraintCase {
  const body = (fields: Json) => line({ jobs: [{ id: 'x', location: 'P1', ...fields }], routes: twoRoutes({ date: '2026-01-05' }, { date: '2026-01-06' }, [['x'], []]) });
  return { name, sequenceAssignment: [[], ['x']], kept: body(allowed), impossible: { body: body(impossible), violation } };
}

const cases: ConstraintCase[] = [
  {
    name: 'a job whose first window cannot be met is served in its second',
    // y must come first (P4 by 08:50); x then starts at 09:10, the end of its second window.
    kept: line({
      jobs: [{ id: 'x', location: 'P1', time_window: { start: '06:00', end: '06:30' }, time_window2: { start: '09:00', end: '09:10' } },
        { id: 'y', location: 'P4', time_window: { start: '08:40', end: '08:50' } }],
      routes: [{ id: 'r', location: 'P0', jobs: ['x', 'y'] }],
    }),
    impossible: {
      body: line({ jobs: [{ id: 'x', location: 'P1', time_window: { start: '06:00', end: '06:30' }, time_window2: { start: '07:00', end: '07:30' } }], routes: [{ id: 'r', location: 'P0', jobs: ['x'] }] }),
      violation: 'job_missed_time_window',
    },
  },
  {
    name: 'a route starts at its start_time',
    kept: line({ jobs: [{ id: 'x', location: 'P1', time_window: { start: '10:05', end: '10:15' } }, { id: 'y', location: 'P2' }],
      routes: [{ id: 'r', location: 'P0', start_time: '10:00', jobs: ['y', 'x'] }] }),
    impossible: {
      body: line({ jobs: [{ id: 'x', location: 'P1', time_window: { start: '09:00', end: '09:30' } }], routes: [{ id: 'r', location: 'P0', start_time: '10:00', jobs: ['x'] }] }),
      violation: 'job_missed_time_window',
    },
  },
  {
    name: 'time on site counts toward the end_time',
    kept: line({ jobs: [{ id: 'x', location: 'P1', time_on_site: '01:00' }], routes: [{ id: 'r', location: 'P0', end_time: '10:00', jobs: ['x'] }] }),
    impossible: {
      body: line({ jobs: [{ id: 'x', location: 'P3', time_on_site: '03:00' }], routes: [{ id: 'r', location: 'P0', end_time: '10:00', jobs: ['x'] }] }),
      violation: 'exceeded_end_time',
    },
  },
  {
    name: 'max_working_time limits a route',
    sequenceAssignment: [['x'], ['y']],
    kept: line({ jobs: [{ id: 'x', location: 'P2' }, { id: 'y', location: 'P4' }], routes: twoRoutes({ max_working_time: '01:00' }, {}, [['y'], ['x']]) }),
    impossible: {
      body: line({ jobs: [{ id: 'x', location: 'P4' }], routes: [{ id: 'r', location: 'P0', max_working_time: '01:00', jobs: ['x'] }] }),
      violation: 'exceeded_max_working_time',
    },
  },
  {
    name: 'max_driving_time limits the driving, not the time on site',
    sequenceAssignment: [['x'], ['y']],
    kept: line({ jobs: [{ id: 'x', location: 'P1', time_on_site: '02:00' }, { id: 'y', location: 'P3' }], routes: twoRoutes({ max_driving_time: '00:30' }, {}, [['y'], ['x']]) }),
    impossible: {
      body: line({ jobs: [{ id: 'x', location: 'P2' }], routes: [{ id: 'r', location: 'P0', max_driving_time: '00:30', jobs: ['x'] }] }),
      violation: 'exceeded_max_driving_time',
    },
  },
  {
    name: 'max_jobs_on_route caps the jobs of a route',
    sequenceAssignment: [['x'], ['y', 'z']],
    kept: line({ jobs: [{ id: 'x', location: 'P1' }, { id: 'y', location: 'P2' }, { id: 'z', location: 'P3' }], routes: twoRoutes({ max_jobs_on_route: 1 }, {}, [['x', 'y'], ['z']]) }),
    impossible: {
      body: line({ jobs: [{ id: 'x', location: 'P1' }, { id: 'y', location: 'P2', priority: 10 }], routes: [{ id: 'r', location: 'P0', max_jobs_on_route: 1, jobs: ['x', 'y'] }] }),
      violation: 'exceeded_max_jobs_on_route',
    },
  },
  {
    name: 'a job that requires route attributes goes on a route that has them',
    sequenceAssignment: [['y'], ['x']],
    kept: line({ jobs: [{ id: 'x', location: 'P1', required_route_attributes: ['cold'] }, { id: 'y', location: 'P2' }], routes: twoRoutes({}, { route_attributes: ['cold'] }, [['x'], ['y']]) }),
    impossible: {
      body: line({ jobs: [{ id: 'x', location: 'P1', required_route_attributes: ['frozen'] }], routes: twoRoutes({}, { route_attributes: ['cold'] }, [['x'], []]) }),
      violation: 'missing_route_attributes',
    },
  },
  {
    name: 'a job that disallows route attributes stays off the routes that have them',
    sequenceAssignment: [[], ['x']],
    kept: line({ jobs: [{ id: 'x', location: 'P1', disallowed_route_attributes: ['dirty'] }], routes: twoRoutes({ route_attributes: ['dirty'] }, {}, [['x'], []]) }),
    impossible: {
      body: line({ jobs: [{ id: 'x', location: 'P1', disallowed_route_attributes: ['dirty'] }], routes: twoRoutes({ route_attributes: ['dirty'] }, { route_attributes: ['dirty'] }, [['x'], []]) }),
      violation: 'disallowed_route_attributes',
    },
  },
  {
    name: 'a job that requires vehicle attributes goes on a route whose vehicle has them',
    sequenceAssignment: [[], ['x']],
    kept: line({ vehicles: [{ id: 'v1' }, { id: 'v2', attributes: ['lift'] }], jobs: [{ id: 'x', location: 'P1', required_vehicle_attributes: ['lift'] }],
      routes: twoRoutes({ vehicle: 'v1' }, { vehicle: 'v2' }, [['x'], []]) }),
    impossible: {
      body: line({ vehicles: [{ id: 'v1' }, { id: 'v2', attributes: ['lift'] }], jobs: [{ id: 'x', location: 'P1', required_vehicle_attributes: ['crane'] }],
        routes: twoRoutes({ vehicle: 'v1' }, { vehicle: 'v2' }, [['x'], []]) }),
      violation: 'missing_vehicle_attributes',
    },
  },
  {
    name: 'a job with a required driver goes on that driver\'s route',
    sequenceAssignment: [[], ['x']],
    kept: line({ drivers, jobs: [{ id: 'x', location: 'P1', required_driver: 'd2' }], routes: twoRoutes({ driver: 'd1' }, { driver: 'd2' }, [['x'], []]) }),
    impossible: {
      body: line({ drivers, jobs: [{ id: 'x', location: 'P1', required_driver: 'd3' }], routes: twoRoutes({ driver: 'd1' }, { driver: 'd2' }, [['x'], []]) }),
      violation: 'required_driver_mismatch',
    },
  },
  {
    name: 'a job never goes on the route of a driver it forbids',
    sequenceAssignment: [[], ['x']],
    kept: line({ drivers, jobs: [{ id: 'x', location: 'P1', forbidden_drivers: ['d1'] }], routes: twoRoutes({ driver: 'd1' }, { driver: 'd2' }, [['x'], []]) }),
    impossible: {
      body: line({ drivers, jobs: [{ id: 'x', location: 'P1', forbidden_drivers: ['d1', 'd2'] }], routes: twoRoutes({ driver: 'd1' }, { driver: 'd2' }, [['x'], []]) }),
      violation: 'forbidden_driver',
    },
  },
  {
    name: 'every capacity metric is kept, not only the first',
    sequenceAssignment: [['x'], ['y']],
    kept: line({ jobs: [{ id: 'x', location: 'P1', loads: [1, 1] }, { id: 'y', location: 'P2', loads: [1, 1] }],
      routes: twoRoutes({ load_capacities: [10, 1] }, { load_capacities: [10, 1] }, [['x', 'y'], []]) }),
    impossible: {
      body: line({ jobs: [{ id: 'x', location: 'P1', loads: [1, 1] }, { id: 'y', location: 'P2', loads: [1, 1], priority: 10 }],
        routes: [{ id: 'r', location: 'P0', load_capacities: [10, 1], jobs: ['x', 'y'] }] }),
      violation: 'exceeded_load_capacity',
    },
  },
  {
    name: 'a pickup comes after the delivery that makes room for it',
    kept: line({ jobs: [{ id: 'p', location: 'P1', load: -3 }, { id: 'd', location: 'P2', load: 3 }], routes: [{ id: 'r', location: 'P0', load_capacity: 3, jobs: ['p', 'd'] }] }),
    impossible: {
      body: line({ jobs: [{ id: 'x', location: 'P1', load: -4 }], routes: [{ id: 'r', location: 'P0', load_capacity: 3, jobs: ['x'] }] }),
      violation: 'exceeded_load_capacity',
    },
  },
  datedCase('a job with allowed dates goes on a route of one of them', { allowed_dates: ['2026-01-06'] }, { allowed_dates: ['2026-01-07'] }, 'job_missed_date_window'),
  datedCase('a job with allowed days of the week goes on a route of such a day', { allowed_days_of_week: ['tuesday'] }, { allowed_days_of_week: ['sunday'] },
    'job_delivered_on_disallowed_day'),
  {
    name: 'a linked job drives to its exit location right after it',
    kept: line({ jobs: [{ id: 'x', location: 'P1', exit_location: 'P4', exit_time_on_site: '00:05' }, { id: 'y', location: 'P2' }, { id: 'z', location: 'P5' }],
      routes: [{ id: 'r', location: 'P0', jobs: ['z', 'x', 'y'] }] }),
  },
  {
    name: 'a job that needs a depot attribute before it gets a reload at a depot that has it',
    kept: line({ jobs: [{ id: 'x', location: 'P3', required_pre_job_depot_attributes: ['cold'] }], routes: [{ id: 'r', start_location: 'P0', end_location: 'P5', jobs: ['x'] }] },
      { P2: ['cold'] }),
    impossible: {
      body: line({ jobs: [{ id: 'x', location: 'P3', required_pre_job_depot_attributes: ['frozen'] }], routes: [{ id: 'r', start_location: 'P0', end_location: 'P5', jobs: ['x'] }] },
        { P2: ['cold'] }),
      violation: 'missing_pre_job_depot_attributes',
    },
  },
];

const jobIdsOf = (route: Json): string[] => route.stops.filter((stop: Json) => stop.type === 'job').map((stop: Json) => stop.id);
const unroutedIdsOf = (answer: Json): string[] => (answer.unrouted_jobs ?? []).map((job: Json) => job.id);
/**
 * The answer in response form: a returned request keeps each route_response beside its stops, and every job at
 * top level, so the unrouted jobs are those on no route.
 */
function answerOf(returned: Json): Json {
  const routes = returned.routes.map((route: Json) => ({ ...route.response, stops: route.stops }));
  const routed = new Set(routes.flatMap(jobIdsOf));
  return { routes, unrouted_jobs: returned.jobs.filter((job: Json) => !routed.has(job.id)).map((job: Json) => ({ id: job.id })) };
}
const violationTypesOf = (answer: Json): string[] =>
  answer.routes.flatMap((route: Json) => [...route.violations, ...route.stops.flatMap((stop: Json) => stop.violations ?? [])].map((violation: Json) => violation.type));

/** Plans `body`, checks evaluate reproduces the plan and the checker finds it clean; the answer. */
async function cleanPlan(t: Test, operation: string, body: Json): Promise<Json> {
  const answer = answerOf(await planAndEvaluate(t, call, operation, body));
  t.same(planFaults(body, answer), [], `${operation}: the checker finds no broken constraint`);
  t.same(violationTypesOf(answer), [], `${operation}: no violations`);
  return answer;
}

for (const { name, kept, sequenceAssignment, impossible } of cases) {
  t.test(`${name}: build, optimize and sequence keep it`, async (t) => {
    const built = await cleanPlan(t, 'build', kept);
    t.same(unroutedIdsOf(built), [], 'build routes every job');
    const optimized = await cleanPlan(t, 'optimize', kept);
    t.same(unroutedIdsOf(optimized), [], 'optimize routes every job');
    const given = sequenceAssignment ? { ...kept, routes: kept.routes.map((route: Json, index: number) => ({ ...route, jobs: sequenceAssignment[index] })) } : kept;
    const sequenced = await cleanPlan(t, 'sequence', given);
    given.routes.forEach((route: Json, index: number) =>
      t.same(jobIdsOf(sequenced.routes[index]).sort(), [...route.jobs].sort(), `sequence keeps the jobs of ${route.id}`));
  });
  if (!impossible) continue;
  t.test(`${name}: a job that cannot keep it is unrouted by build and optimize, and reported by sequence`, async (t) => {
    for (const operation of ['build', 'optimize']) {
      const answer = answerOf(await planAndEvaluate(t, call, operation, impossible.body));
      t.ok(unroutedIdsOf(answer).includes('x'), `${operation} leaves x unrouted`);
      t.same(planFaults(impossible.body, answer), [], `${operation}: the checker finds no broken constraint`);
    }
    const sequenced = await call('sequence', impossible.body);
    t.equal(sequenced.unrouted_jobs, undefined, 'sequence unroutes nothing');
    t.ok(sequenced.routes.some((route: Json) => jobIdsOf(route).includes('x')), 'sequence keeps x on its route');
    t.ok(violationTypesOf(sequenced).includes(impossible.violation), `sequence reports ${impossible.violation}`);
    const faults = planFaults(impossible.body, sequenced);
    t.ok(faults.length > 0, `the checker finds the broken constraint too: ${faults.join('; ')}`);
  });
}

t.test('with soft windows a late job is evaluated, routed, reported and priced by the minute instead of unrouted', async (t) => {
  const body = (hard: boolean) => line({
    jobs: [{ id: 'x', location: 'P3', time_window: { start: '08:00', end: '08:20' } }],
    routes: [{ id: 'r', location: 'P0', jobs: ['x'] }],
    settings: { time_windows_as_hard_constraint: hard },
  });
  const hard = await call('build', body(true));
  t.same(unroutedIdsOf(hard), ['x'], 'hard windows: unrouted');
  for (const operation of ['evaluate', 'build', 'optimize', 'sequence']) {
    const answer = await call(operation, body(false));
    const stop = answer.routes[0].stops.find((candidate: Json) => candidate.id === 'x');
    t.equal(stop.arrival_time, '08:30:00', `${operation}: x is routed, 10 minutes late`);
    t.match(stop.violations, [{ type: 'job_missed_time_window' }], `${operation}: the lateness is reported`);
    // Soft lateness costs 1 per minute on top of the route's cost.
    t.equal(answer.routes[0].internal_cost - answer.routes[0].cost, 10, `${operation}: 10 minutes late cost 10`);
    t.equal(timespanSeconds(answer.routes[0].working_time), 3600);
  }
});
