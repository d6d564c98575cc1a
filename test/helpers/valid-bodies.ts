/** One small valid body per endpoint over the demo town (Lindenau, around 46.0, 8.0), for tests that mutate them. */
import type { Json } from './junk-bodies.js';

// Three corners of blocks in the demo town.
export const A = '46.0021956,8.0000796';
const B = '45.9989,8.0031';
const C = '46.0011,7.9969';
export const quick = { time_limit_seconds: 0.2 };
export const jobs: Json[] = [{ id: 'j1', location: B, time_on_site: '00:05' }, { id: 'j2', location: C }];
const problem = {
  jobs,
  routes: [{ id: 'r', location: A, jobs: ['j1', 'j2'] }],
  settings: quick,
};

/** The same plan over an explicit travel matrix, indexed by the declared markers (docs/planning-model.md). */
const matrixProblem: Json = {
  markers: [{ id: 'D', location: A }, { id: 'P1', location: B }, { id: 'P2', location: C }],
  jobs: [{ id: 'j1', location: 'P1', time_window: { start: '08:00', end: '12:00' } }, { id: 'j2', location: 'P2', load: 1 }],
  routes: [{ id: 'r', location: 'D', jobs: ['j2', 'j1'], load_capacity: 2 }],
  settings: { ...quick, matrix: { durations: [[0, 60, 90], [60, 0, 30], [90, 30, 0]], distances: [[0, 600, 900], [600, 0, 300], [900, 300, 0]] } },
};

/** The bodies by endpoint name; a test checks each is answered 200 before mutating it. */
export const validBodies: Record<string, Json> = {
  path: { routes: [{ id: 'p', stops: [{ location: A }, { location: B }] }] },
  matrix: { sources: [A, B], destinations: [C] },
  validate: problem,
  evaluate: problem,
  build: { ...problem, routes: [{ id: 'r', location: A }] },
  optimize: matrixProblem,
  sequence: matrixProblem,
  insert: { ...problem, jobs_to_insert: [{ id: 'new', location: C }], jobs: [jobs[0]!], routes: [{ id: 'r', location: A, jobs: ['j1'] }] },
  recommend: { ...problem, job: { id: 'new', location: C }, max_results: 2 },
  centroids: { jobs: problem.jobs, drivers: [{ id: 'd1' }, { id: 'd2' }] },
  consolidate_by_route_assignments: { jobs: problem.jobs, routes: [{ id: 'r', location: A }] },
  geocode: { addresses: [{ id: 'a', query: 'Main Street 5, Lindenau', country: 'CH' }] },
  reverse_geocode: { locations: [{ id: 'l', location: A }] },
};

