// /v1/path and /v1/matrix through real HTTP: the server loads the map, its workers attach it.
import { unpack } from 'msgpackr';
import t from 'tap';
import { at } from '../helpers/routing-map.js';
import { squareTown as town, startMapServer } from '../helpers/map-server.js';
import type { TestServer } from '../helpers/test-server.js';

let server: TestServer;

t.before(async () => {
  server = await startMapServer(town);
});

t.teardown(() => server.close());

t.test('POST /v1/path answers every route, in order, from the pool workers', async (t) => {
  const body = {
    path_encoding: 'encoded_polyline',
    routes: Array.from({ length: 6 }, (_, i) => ({
      id: `r${i}`,
      routing_options: { return_path: true, routing_date_time: '2026-01-05T08:00:00-05:00' },
      stops: [{ location: at(town, 'a') }, { location: at(town, i % 2 ? 'f' : 'c') }],
    })),
  };
  const response = await server.request('/v1/path', { method: 'POST', json: body });
  t.equal(response.status, 200);
  const answer = await response.json() as { routes: { id: string; distance_meters: number; stops: { arrival_datetime: string; path_to_stop_enc: string }[] }[] };
  t.same(answer.routes.map((route) => route.id), ['r0', 'r1', 'r2', 'r3', 'r4', 'r5']);
  t.ok(Math.abs(answer.routes[0]!.distance_meters - 800) < 5);
  t.ok(Math.abs(answer.routes[1]!.distance_meters - 1000) < 5);
  t.match(answer.routes[1]!.stops[1]!.arrival_datetime, /^2026-01-05T08:0\d:\d\d-05:00$/);
  t.type(answer.routes[1]!.stops[1]!.path_to_stop_enc, 'string');
});

t.test('a bad /v1/path body is a 400 listing every fault with its path', async (t) => {
  const response = await server.request('/v1/path', { method: 'POST', json: { routes: [{ stops: [{ location: 'here' }, { heading: 400, location: '1,1' }] }] } });
  t.equal(response.status, 400);
  const body = await response.json() as { error_code: string; errors: { property: string }[] };
  t.equal(body.error_code, 'validation_failed_error');
  t.same(body.errors.map((error) => error.property), ['request.routes[0].stops[1].heading', 'request.routes[0].stops[0].location']);
});

t.test('POST /v1/matrix answers JSON, or MessagePack when asked', async (t) => {
  const json = { sources: [at(town, 'a'), at(town, 'f')], destinations: [at(town, 'c')] };
  const plain = await server.request('/v1/matrix', { method: 'POST', json });
  t.equal(plain.status, 200);
  const matrix = await plain.json() as { durations: number[][]; distances: number[][] };
  t.equal(matrix.durations.length, 2);
  t.ok(matrix.distances[1]![0]! > matrix.distances[0]![0]!, 'f→c goes around the one-way');
  const packed = await server.request('/v1/matrix', { method: 'POST', json, headers: { accept: 'application/x-msgpack' } });
  t.equal(packed.headers.get('content-type'), 'application/x-msgpack');
  t.same(unpack(Buffer.from(await packed.arrayBuffer())), matrix);
});

t.test('/v1/version names the map being served', async (t) => {
  const response = await server.request('/v1/version');
  const body = await response.json() as { map: { name: string; nodes: number } };
  t.equal(body.map.name, 'town.osm');
  t.ok(body.map.nodes >= 4);
});

t.test('/metrics reports the served map\'s bytes by profile and part, as /v1/version does', async (t) => {
  const version = await (await server.request('/v1/version')).json() as { map: { servedBytes: Record<string, Record<string, number>> } };
  const text = await (await server.request('/metrics', { auth: false })).text();
  for (const profile of ['auto', 'truck']) {
    for (const part of ['topology', 'metric', 'geometry', 'turnGraph', 'hierarchy']) {
      const bytes = version.map.servedBytes[profile]![part]!;
      // The truck profile's arrays that agree with the auto profile's are the auto profile's, counted there.
      if (profile === 'auto' || part === 'metric' || part === 'hierarchy') t.ok(bytes > 0, `${profile} ${part}: ${bytes} bytes`);
      t.match(text, `fleetroute_map_bytes{map="town.osm",profile="${profile}",part="${part}"} ${bytes}\n`);
    }
  }
});

t.test('a path\'s per-stop time_to and distance_to_meters add up to its driving_time and distance_meters', async (t) => {
  const seconds = (text: string) => text.split(':').map(Number).reduce((total, part) => total * 60 + part, 0);
  const names = ['a', 'b', 'c', 'f', 'e', 'd', 'a', 'c', 'f', 'd', 'b', 'e'];
  const response = await server.request('/v1/path', { method: 'POST', json: { routes: [{ stops: names.map((name) => ({ location: at(town, name) })) }] } });
  const [route] = ((await response.json()) as { routes: { driving_time: string; distance_meters: number; stops: { time_to: string; distance_to_meters: number }[] }[] }).routes;
  t.equal(route!.stops.reduce((sum, stop) => sum + seconds(stop.time_to), 0), seconds(route!.driving_time));
  t.equal(Math.round(route!.stops.reduce((sum, stop) => sum + stop.distance_to_meters, 0) * 100), Math.round(route!.distance_meters * 100));
});
