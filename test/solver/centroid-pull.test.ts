import t from 'tap';
import { lineProblem } from '../helpers/line-problem.js';
import { planningServer, type Json } from '../helpers/planning-server.js';

const call = planningServer(t);

/** Kilometres along the equator between two longitudes (line places lie on the equator). */
const equatorKm = (fromLon: number, toLon: number) => Math.abs(toLon - fromLon) * (Math.PI / 180) * 6371.0088;
const jobIdsOf = (route: Json): string[] => route.stops.filter((stop: Json) => stop.type === 'job').map((stop: Json) => stop.id);
const drivers = [{ id: 'west', centroid: '0,0.000' }, { id: 'east', centroid: '0,0.006' }];

t.test('a driver centroid adds 0.1 per straight-line kilometre from each of its route\'s jobs to internal_cost', async (t) => {
  const { routes } = await call('evaluate', lineProblem(7, {
    drivers: [{ id: 'far', centroid: '0,0.1' }],
    jobs: [{ id: 'a', location: 'P2' }, { id: 'b', location: 'P5' }],
    routes: [{ id: 'r', location: 'P0', driver: 'far', jobs: ['a', 'b'] }],
  }));
  const pull = 0.1 * (equatorKm(0.002, 0.1) + equatorKm(0.005, 0.1));
  t.ok(Math.abs(routes[0].internal_cost - (routes[0].cost + pull)) <= 0.01,
    `internal ${routes[0].internal_cost} = cost ${routes[0].cost} + pull ${pull.toFixed(3)}`);
  t.same(routes[0].violations, []);
});

t.test('when plans cost the same, build gives each driver the jobs near its centroid', async (t) => {
  const body: Json = lineProblem(7, {
    drivers,
    jobs: ['P0', 'P1', 'P5', 'P6'].map((place) => ({ id: place.toLowerCase(), location: place })),
    routes: [{ id: 'to-east', location: 'P3', driver: 'east' }, { id: 'to-west', location: 'P3', driver: 'west' }],
    settings: { time_limit_seconds: 1 },
  });
  const answer = await call('build', body);
  t.same(answer.routes.map((route: Json) => jobIdsOf(route).sort()), [['p5', 'p6'], ['p0', 'p1']]);
  const evaluated = await call('evaluate', { ...body, routes: answer.routes.map((route: Json, index: number) => ({ ...body.routes[index], jobs: jobIdsOf(route) })) });
  t.same(evaluated.routes.map((route: Json) => route.internal_cost), answer.routes.map((route: Json) => route.internal_cost),
    'evaluate prices the pull as build did');
});

t.test('a centroid does not outweigh a real detour', async (t) => {
  const answer = await call('build', lineProblem(7, {
    drivers,
    jobs: [{ id: 'w', location: 'P0' }, { id: 'e', location: 'P6' }],
    routes: [{ id: 'near-west', location: 'P2', driver: 'east' }, { id: 'near-east', location: 'P4', driver: 'west' }],
    settings: { time_limit_seconds: 1 },
  }));
  t.same(answer.routes.map(jobIdsOf), [['w'], ['e']]);
});
