/**
 * Unrouted reasons against evaluate on real extracts: random problems with tight windows, small capacities,
 * route attributes, required drivers and short shifts, planned by build (or insert), leave hundreds of jobs
 * unrouted. Every one must have a reason; every `displaced` and `insertable` claim must be what evaluate
 * answers for the plan with the job inserted there (violations and delta_internal_cost exactly); every alone
 * claim must show, evaluated with the job alone on each route named, a violation of its kind.
 */
import t, { type Test } from 'tap';
import { routingResourceLoader } from '../../src/routing/load/routing-resource-loader.js';
import { seededRandom } from '../helpers/plane-problem.js';
import { randomInt } from '../helpers/random-graph.js';
import { sharedData, testCacheDir } from '../helpers/shared-data.js';
import { startTestServer } from '../helpers/test-server.js';
import { aloneOn, costDelta, routeViolationList, withJobAt, type Placement } from '../helpers/unrouted-claims.js';

type Json = Record<string, any>;

const extracts = [
  { name: 'Monaco', file: 'osm/monaco.osm.pbf', south: 43.728, west: 7.412, size: 0.02 },
  { name: 'Liechtenstein', file: 'osm/liechtenstein.osm.pbf', south: 47.13, west: 9.5, size: 0.05 },
];
const PROBLEMS_PER_EXTRACT = 6;

/** The violation types each alone code stands for (critical_violation: those the problem makes critical). */
const typesOfCode: Record<string, string[]> = {
  route_attributes_missing: ['missing_route_attributes'],
  route_attributes_disallowed: ['disallowed_route_attributes'],
  vehicle_attributes_missing: ['missing_vehicle_attributes'],
  driver_required: ['required_driver_mismatch'],
  driver_forbidden: ['forbidden_driver'],
  date_not_allowed: ['job_missed_date_window', 'job_delivered_on_disallowed_day'],
  time_window_unreachable: ['job_missed_time_window'],
  shift_too_short: ['exceeded_end_time', 'exceeded_max_working_time', 'exceeded_max_driving_time'],
  capacity_exceeded: ['exceeded_load_capacity'],
  route_takes_no_jobs: ['exceeded_max_jobs_on_route'],
  no_road_path: ['no_safe_route'],
  no_safe_route: ['no_safe_route'],
  depot_attributes_unavailable: ['missing_pre_job_depot_attributes', 'missing_post_job_depot_attributes'],
  critical_violation: ['overtime', 'break_not_taken'],
};

const clock = (seconds: number) => `${String(Math.floor(seconds / 3600)).padStart(2, '0')}:${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}`;

function randomProblem(seed: number, area: (typeof extracts)[number]): Json {
  const random = seededRandom(seed);
  const point = () => `${(area.south + random() * area.size).toFixed(6)},${(area.west + random() * area.size).toFixed(6)}`;
  // d3 drives no route: a job requiring it fits nowhere.
  const drivers = [{ id: 'd0' }, { id: 'd1' }, { id: 'd2' }, { id: 'd3' }];
  const routes = Array.from({ length: 4 }, (_, index) => {
    const route: Json = { id: `r${index}`, location: point(), start_time: '08:00', load_capacity: 6 + randomInt(random, 8), driver: `d${index % 3}` };
    if (index % 2 === 0) route.route_attributes = ['cold'];
    if (random() < 0.5) route.end_time = clock(9.5 * 3600 + random() * 2 * 3600);
    if (random() < 0.4) route.max_working_time = clock(1.5 * 3600 + random() * 2 * 3600);
    if (random() < 0.3) Object.assign(route, { normal_working_time: '01:00' });
    return route;
  });
  const jobs = Array.from({ length: 36 }, (_, index) => {
    const job: Json = { id: `j${index}`, location: point(), time_on_site: clock(300 + random() * 1200), load: 1 + randomInt(random, 4) };
    if (random() < 0.6) {
      const start = 7.5 * 3600 + random() * 4 * 3600;
      job.time_window = { start: clock(start), end: clock(start + 600 + random() * 1800) };
    }
    if (random() < 0.15) job.required_route_attributes = ['cold'];
    if (random() < 0.05) job.required_route_attributes = ['lift'];
    if (random() < 0.08) job.required_driver = `d${randomInt(random, 4)}`;
    if (random() < 0.05) job.load = 20;
    return job;
  });
  const settings: Json = { time_limit_seconds: 0.3 };
  if (random() < 0.3) settings.critical_violations = ['overtime'];
  return { drivers, jobs, routes, settings };
}

/** Insert's request: each route given its first two jobs, the rest to insert. */
function asInsert(problem: Json): Json {
  const given = problem.jobs.slice(0, problem.routes.length * 2);
  const routes = problem.routes.map((route: Json, index: number) => ({ ...route, jobs: [given[2 * index].id, given[2 * index + 1].id] }));
  return { ...problem, jobs: given, routes, jobs_to_insert: problem.jobs.slice(given.length) };
}

/** Placement claims grouped so that each group names every route once. */
function distinctRouteGroups(reasons: readonly Json[]): Json[][] {
  const groups: Json[][] = [];
  for (const reason of reasons) {
    const group = groups.find((candidate) => !candidate.some((other) => other.route_ids[0] === reason.route_ids[0]));
    if (group) group.push(reason);
    else groups.push([reason]);
  }
  return groups;
}

interface Tally { unrouted: number; placements: number; alone: number }

async function checkJob(t: Test, post: (path: string, body: unknown) => Promise<Json>, request: Json, answer: Json, entry: Json, tally: Tally) {
  const job = [...request.jobs, ...(request.jobs_to_insert ?? [])].find((candidate: Json) => candidate.id === entry.id);
  const reasons: Json[] = entry.reasons;
  if (reasons.length === 0) t.fail(`${entry.id} has no reason`);
  for (const group of distinctRouteGroups(reasons.filter((reason) => reason.code === 'displaced' || reason.code === 'insertable'))) {
    const placements: Placement[] = group.map((reason) => ({ routeId: reason.route_ids[0], index: reason.index }));
    const evaluated = await post('/v1/evaluate?wait=1', withJobAt(request, answer, job, placements));
    for (const reason of group) {
      const routeIndex = request.routes.findIndex((route: Json) => route.id === reason.route_ids[0]);
      const after = evaluated.routes[routeIndex];
      const before = answer.routes[routeIndex];
      const claimed = { violations: reason.violations, delta: reason.delta_internal_cost };
      const found = { violations: routeViolationList(after), delta: costDelta(after.internal_cost, before.internal_cost) };
      if (JSON.stringify(claimed) !== JSON.stringify(found)) t.same(claimed, found, `${entry.id} ${reason.code} on ${reason.route_ids[0]}`);
      if (reason.code === 'insertable' && found.violations.some((violation) => typesOfCode.time_window_unreachable!.includes(violation.type) && request.settings.time_windows_as_hard_constraint !== false)) {
        t.fail(`${entry.id} claimed insertable on ${reason.route_ids[0]} but is late there`);
      }
      tally.placements++;
    }
  }
  const aloneReasons = reasons.filter((candidate) => typesOfCode[candidate.code]);
  const named = [...new Set(aloneReasons.flatMap((reason) => reason.route_ids as string[]))];
  if (named.length === 0) return;
  const evaluated = await post('/v1/evaluate?wait=1', aloneOn(request, job, named));
  for (const reason of aloneReasons) {
    for (const routeId of reason.route_ids as string[]) {
      const types = routeViolationList(evaluated.routes[named.indexOf(routeId)]).map((violation) => violation.type);
      if (!types.some((type) => typesOfCode[reason.code]!.includes(type))) t.fail(`${entry.id} ${reason.code} on ${routeId}: alone it has only ${types.join(', ') || 'no violation'}`);
      tally.alone++;
    }
  }
}

for (const area of extracts) {
  const extract = sharedData(area.file);
  t.test(`on ${area.name}, every unrouted job has reasons that evaluate confirms`, { skip: extract.skip }, async (t) => {
    const server = await startTestServer({ args: ['--map', extract.path, '--data-dir', testCacheDir()], resourceLoaders: [routingResourceLoader] });
    t.teardown(() => server.close());
    const post = async (path: string, body: unknown) => {
      const response = await server.request(path, { method: 'POST', json: body });
      const answer = (await response.json()) as Json;
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
      return answer;
    };
    const tally: Tally = { unrouted: 0, placements: 0, alone: 0 };
    for (let seed = 1; seed <= PROBLEMS_PER_EXTRACT; seed++) {
      const problem = randomProblem(seed, area);
      const [operation, request] = seed % 2 === 0 ? ['insert', asInsert(problem)] : ['build', problem];
      const answer = await post(`/v1/${operation}?wait=1`, request);
      for (const entry of answer.unrouted_jobs as Json[]) await checkJob(t, post, request, answer, entry, tally);
      tally.unrouted += answer.unrouted_jobs.length;
    }
    t.ok(tally.unrouted >= 80, `${tally.unrouted} unrouted jobs, ${tally.placements} placement claims, ${tally.alone} alone claims checked`);
  });
}
