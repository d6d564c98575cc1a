// Evaluate without settings.matrix: travel legs come from the road network through the routing service.
import t from 'tap';
import { at } from '../helpers/routing-map.js';
import { postExpectingOk, squareTown as town, startMapServer } from '../helpers/map-server.js';
import type { TestServer } from '../helpers/test-server.js';

let server: TestServer;

t.before(async () => {
  server = await startMapServer(town);
});
t.teardown(() => server.close());

type Json = Record<string, any>;

const post = (path: string, body: unknown): Promise<Json> => postExpectingOk(t, server, path, body);

t.test('evaluate on the road network drives the legs /v1/matrix reports, one-way streets included', async (t) => {
  const points = ['a', 'c', 'f'].map((name) => at(town, name));
  const matrix = await post('/v1/matrix', { sources: points });
  const { routes } = await post('/v1/evaluate?wait=1', {
    markers: [{ id: 'depot', location: points[0] }],
    jobs: [{ id: 'c', location: points[1] }, { id: 'f', location: points[2] }],
    routes: [{ id: 'r', location: 'depot', jobs: ['c', 'f'] }],
  });
  const legs: [number, number][] = [[0, 1], [1, 2], [2, 0]];
  const stops = routes[0].stops as Json[];
  legs.forEach(([from, to], leg) => {
    t.ok(Math.abs(stops[leg + 1]!.distance_to_meters - matrix.distances[from][to]) < 0.01, `leg ${leg} distance`);
  });
  const expected = legs.reduce((sum, [from, to]) => sum + matrix.distances[from][to], 0);
  t.ok(Math.abs(routes[0].distance_meters - expected) < 0.01);
  t.same(routes[0].violations, []);
});

t.test('route_paths on the road network follow the streets from stop to stop', async (t) => {
  const points = ['a', 'f'].map((name) => at(town, name));
  const { routes } = await post('/v1/evaluate?wait=1', {
    jobs: [{ id: 'f', location: points[1] }],
    routes: [{ id: 'r', location: points[0], jobs: ['f'] }],
    settings: { route_paths: true },
  });
  const path = routes[0].stops[1].path_to_stop as string[];
  const near = (text: string, target: string) => {
    const [lat, lon] = text.split(',').map(Number);
    const [wantLat, wantLon] = target.split(',').map(Number);
    return Math.abs(lat! - wantLat!) < 1e-4 && Math.abs(lon! - wantLon!) < 1e-4;
  };
  t.ok(path.length >= 3, 'the path turns at least once between a and f');
  t.ok(near(path[0]!, points[0]!) && near(path[path.length - 1]!, points[1]!), 'it starts at a and ends at f');
});
