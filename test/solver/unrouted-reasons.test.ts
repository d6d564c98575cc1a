/**
 * Each reason an unrouted job can be given, on a small problem along a line of places (10 minutes and 1 km
 * apart, routes from P0 at 08:00) where that cause and only that cause keeps job `x` out: build answers it
 * with exactly that reason, its routes and a detail with the numbers. Placement claims are checked against
 * evaluate of the plan with `x` inserted where the reason says.
 */
import t from 'tap';
import { lineMatrix, lineProblem } from '../helpers/line-problem.js';
import { planningServer, type Json } from '../helpers/planning-server.js';
import { parseProblem } from '../../src/problem/parse-problem.js';
import { DispatchPlan } from '../../src/solver/dispatch/dispatch-plan.js';
import { unroutedReasons } from '../../src/solver/unrouted/unrouted-reasons.js';
import { aloneCauses } from '../../src/solver/unrouted/alone-causes.js';
import { costDelta, routeViolationList, withJobAt } from '../helpers/unrouted-claims.js';

const call = planningServer(t);

const quick = { time_limit_seconds: 0.3 };
const line = (extra: Json, depots: Record<string, string[]> = {}) => lineProblem(6, { ...extra, settings: { ...quick, ...extra.settings } }, depots);
const drivers = [{ id: 'd1' }, { id: 'd2' }];

interface AloneCase {
  code: string;
  body: Json;
  routeIds: string[];
  detail: string;
}

const aloneCases: AloneCase[] = [
  {
    code: 'route_attributes_missing',
    body: line({ jobs: [{ id: 'x', location: 'P1', required_route_attributes: ['cold'] }],
      routes: [{ id: 'r1', location: 'P0', route_attributes: ['dry'] }, { id: 'r2', location: 'P0' }] }),
    routeIds: ['r1', 'r2'],
    detail: 'the job requires route attributes cold; r1: lacks cold; r2: lacks cold',
  },
  {
    code: 'route_attributes_disallowed',
    body: line({ jobs: [{ id: 'x', location: 'P1', disallowed_route_attributes: ['hazmat'] }],
      routes: [{ id: 'r1', location: 'P0', route_attributes: ['hazmat', 'dry'] }] }),
    routeIds: ['r1'],
    detail: 'the job disallows route attributes hazmat; r1: has hazmat',
  },
  {
    code: 'vehicle_attributes_missing',
    body: line({ vehicles: [{ id: 'v1', attributes: ['lift'] }], jobs: [{ id: 'x', location: 'P1', required_vehicle_attributes: ['crane'] }],
      routes: [{ id: 'r1', location: 'P0', vehicle: 'v1' }] }),
    routeIds: ['r1'],
    detail: 'the job requires vehicle attributes crane; r1: vehicle v1 lacks crane',
  },
  {
    code: 'driver_required',
    body: line({ drivers, jobs: [{ id: 'x', location: 'P1', required_driver: 'd2' }], routes: [{ id: 'r1', location: 'P0', driver: 'd1' }] }),
    routeIds: ['r1'],
    detail: 'the job requires driver d2; r1: driven by d1',
  },
  {
    code: 'driver_forbidden',
    body: line({ drivers, jobs: [{ id: 'x', location: 'P1', forbidden_drivers: ['d1'] }], routes: [{ id: 'r1', location: 'P0', driver: 'd1' }] }),
    routeIds: ['r1'],
    detail: 'the job forbids drivers d1; r1: driven by d1',
  },
  {
    code: 'date_not_allowed',
    body: line({ jobs: [{ id: 'x', location: 'P1', allowed_days_of_week: ['sunday'] }], routes: [{ id: 'r1', location: 'P0', date: '2026-01-05' }] }),
    routeIds: ['r1'],
    detail: "the job allows days of the week 0 (0 = Sunday); r1: on 2026-01-05: the route's day of the week is not one the job allows",
  },
  {
    code: 'time_window_unreachable',
    body: line({ jobs: [{ id: 'x', location: 'P3', time_window: { start: '07:00', end: '08:20' } }], routes: [{ id: 'r1', location: 'P0' }] }),
    routeIds: ['r1'],
    detail: "even driving straight from the route's start; r1: service starts 08:30:00 at the earliest, after the window ends at 08:20:00",
  },
  {
    code: 'shift_too_short',
    body: line({ jobs: [{ id: 'x', location: 'P3', time_on_site: '03:00' }], routes: [{ id: 'r1', location: 'P0', end_time: '10:00' }] }),
    routeIds: ['r1'],
    detail: 'even with the job alone (start → job → end); r1: ends 12:00:00, after end_time 10:00:00',
  },
  {
    code: 'capacity_exceeded',
    body: line({ jobs: [{ id: 'x', location: 'P1', load: 4 }], routes: [{ id: 'r1', location: 'P0', load_capacity: 3 }, { id: 'r2', location: 'P0', load_capacity: 2 }] }),
    routeIds: ['r1', 'r2'],
    detail: "the job's load 4 alone; r1: load 4 over capacity 3 (metric 0); r2: load 4 over capacity 2 (metric 0)",
  },
  {
    code: 'route_takes_no_jobs',
    body: line({ jobs: [{ id: 'x', location: 'P1' }], routes: [{ id: 'r1', location: 'P0', max_jobs_on_route: 0 }] }),
    routeIds: ['r1'],
    detail: 'the route takes no jobs; r1: 1 job where max_jobs_on_route is 0',
  },
  {
    code: 'no_road_path',
    body: line({ jobs: [{ id: 'x', location: 'P1' }], routes: [{ id: 'r1', location: 'P0' }], settings: { matrix: lineMatrix(6, [[1, 0]]) } }),
    routeIds: ['r1'],
    detail: "no road connects the job with the route; r1: none from the job to the route's end",
  },
  {
    code: 'depot_attributes_unavailable',
    body: line({ jobs: [{ id: 'x', location: 'P3', required_pre_job_depot_attributes: ['frozen'] }],
      routes: [{ id: 'r1', start_location: 'P0', end_location: 'P5' }] }, { P0: ['dry'], P5: ['cold'] }),
    routeIds: ['r1'],
    detail: 'the job needs depot attributes frozen before it, and no depot of the problem gives them there, not even as a reload; r1: no depot before the job has the attributes it needs',
  },
  {
    code: 'critical_violation',
    body: line({ jobs: [{ id: 'x', location: 'P3' }], routes: [{ id: 'r1', location: 'P0', normal_working_time: '00:30' }],
      settings: { critical_violations: ['overtime'] } }),
    routeIds: ['r1'],
    detail: 'settings.critical_violations makes these hard; r1: overtime: working time 01:00:00 over normal_working_time 00:30:00',
  },
];

const reasonsOfX = (answer: Json): Json[] => answer.unrouted_jobs.find((job: Json) => job.id === 'x').reasons;

for (const { code, body, routeIds, detail } of aloneCases) {
  t.test(`a job kept out only by ${code} is unrouted for that reason on the routes it blocks`, async (t) => {
    const reasons = reasonsOfX(await call('build', body));
    t.same(reasons, [{ code, route_ids: routeIds, detail }]);
  });
}

/** The route a placement reason names, before (as answered) and after (evaluated with x inserted there). */
async function evaluatedRoute(body: Json, answer: Json, reason: Json): Promise<{ before: Json; after: Json }> {
  const routeId = reason.route_ids[0];
  const x = body.jobs.find((job: Json) => job.id === 'x');
  const evaluated = await call('evaluate', withJobAt(body, answer, x, [{ routeId, index: reason.index }]));
  const find = (routes: Json[]) => routes.find((route) => route.id === routeId)!;
  return { before: find(answer.routes), after: find(evaluated.routes) };
}

t.test('a job that fits a route alone but not beside its jobs is displaced there, as evaluate prices it', async (t) => {
  const body = line({ jobs: [{ id: 'y', location: 'P2', load: 2, priority: 2 }, { id: 'x', location: 'P1', load: 2 }],
    routes: [{ id: 'r1', location: 'P0', load_capacity: 3 }] });
  const answer = await call('build', body);
  const reasons = reasonsOfX(answer);
  t.equal(reasons.length, 1);
  const displaced = reasons[0]!;
  t.match(displaced, { code: 'displaced', route_ids: ['r1'], violations: [{ type: 'exceeded_load_capacity', data: { amount: 4, limit: 3, metric: '0' } }] });
  const { before, after } = await evaluatedRoute(body, answer, displaced);
  t.same(displaced.violations, routeViolationList(after));
  t.equal(displaced.delta_internal_cost, costDelta(after.internal_cost, before.internal_cost));
  t.match(displaced.detail, /^at job index [01] of r1: load 4 over capacity 3 \(metric 0\); internal cost \+\d+/);
});

t.test('a job a plan leaves out although a place adds no hard violation is reported insertable, as evaluate prices it', async (t) => {
  // The search would never leave x out here: the plan is given, with x on no route, and explained directly.
  const body = line({ jobs: [{ id: 'y', location: 'P2' }, { id: 'x', location: 'P4', time_window: { start: '08:00', end: '09:00' } }],
    routes: [{ id: 'r1', location: 'P0', jobs: ['y'] }] });
  const problem = parseProblem(body);
  const [reasons] = unroutedReasons(await DispatchPlan.of(problem), [problem.jobs[1]!]);
  t.equal(reasons!.length, 1);
  const insertable = reasons![0]! as Json;
  t.match(insertable, { code: 'insertable', route_ids: ['r1'], index: 0, violations: [] });
  const answer = await call('evaluate', body);
  const { before, after } = await evaluatedRoute(body, answer, insertable);
  t.same(insertable.violations, routeViolationList(after));
  t.equal(insertable.delta_internal_cost, costDelta(after.internal_cost, before.internal_cost));
  t.equal(insertable.detail, `at job index 0 of r1: no violation; internal cost +${insertable.delta_internal_cost}`);
});

t.test('a job that a reload at some depot gives the attributes it needs fits a route alone', async (t) => {
  const body = (needs: string[]) => line({ jobs: [{ id: 'x', location: 'P3', required_pre_job_depot_attributes: needs }],
    routes: [{ id: 'r1', start_location: 'P0', end_location: 'P5' }] }, { P0: ['dry'], P5: ['cold'] });
  const causesFor = async (needs: string[]) => {
    const problem = parseProblem(body(needs));
    return aloneCauses(await DispatchPlan.of(problem), problem.jobs[0]!, problem.routes[0]!).map((cause) => cause.code);
  };
  t.same(await causesFor(['cold']), []);
  t.same(await causesFor(['frozen']), ['depot_attributes_unavailable']);
});

t.test('a route with many more legal breaks than stops is explained all the same', async (t) => {
  const answer = await call('build', line({ jobs: [{ id: 'y', location: 'P5', load: 2, priority: 2 }, { id: 'x', location: 'P4', load: 2 }],
    routes: [{ id: 'r1', location: 'P0', load_capacity: 3 }],
    settings: { enable_legal_breaks: true, legal_break_interval: '00:01', legal_break_duration: '00:01' } }));
  t.match(reasonsOfX(answer), [{ code: 'displaced', violations: [{ type: 'exceeded_load_capacity' }] }]);
});

t.test('insert and optimize explain their unrouted jobs too', async (t) => {
  const body = line({ jobs: [{ id: 'x', location: 'P1', load: 4 }], routes: [{ id: 'r1', location: 'P0', load_capacity: 3, jobs: ['x'] }] });
  const optimized = await call('optimize', body);
  t.same(reasonsOfX(optimized).map((reason) => reason.code), ['capacity_exceeded']);
  const inserted = await call('insert', { ...line({ jobs: [], routes: [{ id: 'r1', location: 'P0', load_capacity: 3 }] }), jobs_to_insert: [{ id: 'x', location: 'P1', load: 4 }] });
  t.same(reasonsOfX(inserted).map((reason) => reason.code), ['capacity_exceeded']);
});

t.test('insert explains a job it left out on the plan as finally inserted, not as it stood when the job was tried', async (t) => {
  // x (priority 8) is tried first and fits nowhere (cheapest after w); y (priority 2) then goes first on r1, and
  // x's cheapest place becomes after both, with y's load counted.
  const body = { ...line({ jobs: [{ id: 'w', location: 'P4', load: 2 }], routes: [{ id: 'r1', location: 'P0', load_capacity: 3, jobs: ['w'] }] }),
    jobs_to_insert: [{ id: 'x', location: 'P1', load: 2, priority: 8, time_window: { start: '09:00', end: '09:30' } },
      { id: 'y', location: 'P1', load: 1, priority: 2 }] };
  const answer = await call('insert', body);
  t.same(answer.unrouted_jobs.map((job: Json) => job.id), ['x']);
  t.same(answer.routes[0].stops.filter((stop: Json) => stop.type === 'job').map((stop: Json) => stop.id), ['y', 'w']);
  t.match(reasonsOfX(answer), [{ code: 'displaced', index: 2, violations: [{ type: 'exceeded_load_capacity', data: { amount: 5, limit: 3 } }] }]);
});

t.test('settings.explain_unrouted false leaves the reasons out', async (t) => {
  const answer = await call('build', line({ jobs: [{ id: 'x', location: 'P1', load: 4 }], routes: [{ id: 'r1', location: 'P0', load_capacity: 3 }],
    settings: { explain_unrouted: false } }));
  t.same(answer.unrouted_jobs, [{ type: 'job', id: 'x' }]);
});

t.test('a problem without routes says so for each job', async (t) => {
  const answer = await call('build', line({ jobs: [{ id: 'x', location: 'P1' }], routes: [] }));
  t.same(reasonsOfX(answer), [{ code: 'no_routes', route_ids: [], detail: 'the problem has no routes' }]);
});
