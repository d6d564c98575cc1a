// One server serving Monaco and Liechtenstein at once: each request is answered on the map its points lie in,
// exactly as a server of that map alone would answer it, and a request whose points lie on both is refused.
import t from 'tap';
import { loadGeocodeIndex } from '../../src/geocode/import/geocode-index-cache.js';
import { geocodeRecords } from '../../src/geocode/index/served-geocode-index.js';
import { distanceMeters } from '../../src/geometry/sphere.js';
import type { OperationContext } from '../../src/operations/operation.js';
import { operation as path } from '../../src/routing/service/path-operation.js';
import { productResourceLoaders } from '../../src/server/resource-loaders.js';
import { addressQueries } from '../helpers/address-queries.js';
import { postFollowing } from '../helpers/map-server.js';
import { matrixAnswer } from '../helpers/matrix-answer.js';
import { useRoutingMap } from '../helpers/routing-map.js';
import { sharedData, testCacheDir } from '../helpers/shared-data.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const monaco = sharedData('osm/monaco.osm.pbf');
const liechtenstein = sharedData('osm/liechtenstein.osm.pbf');
const skip = monaco.skip || liechtenstein.skip;

const context: OperationContext = { signal: new AbortController().signal, reportProgress: () => undefined };

const inMonaco = ['43.738400,7.424600', '43.731100,7.419700', '43.744900,7.430500'];
const inLiechtenstein = ['47.141000,9.521500', '47.165000,9.509000', '47.128500,9.517000'];

const routeThrough = (points: string[]) => ({ id: points[0], stops: points.map((location) => ({ location })) });

/** What a path route says about the roads: where its stops meet them, and the legs' times and distances. */
const roadsOf = (route: Record<string, any>) => ({
  distance_meters: route.distance_meters,
  driving_time: route.driving_time,
  stops: route.stops.map((stop: Record<string, unknown>) => [stop.snapped_location, stop.time_to, stop.distance_to_meters]),
});

const problemOn = (depot: string, jobs: string[]) => ({
  markers: [{ id: 'depot', location: depot }],
  vehicles: [{ id: 'v', depot: 'depot' }],
  routes: [{ id: 'r', vehicle: 'v', start_time: '08:00', end_time: '16:00', jobs: jobs.map((_, i) => `j${i}`) }],
  jobs: jobs.map((location, i) => ({ id: `j${i}`, location })),
});

let server: TestServer;
t.before(async () => {
  if (skip) return;
  server = await startTestServer({
    args: ['--map', monaco.path, '--map', liechtenstein.path, '--data-dir', testCacheDir()],
    resourceLoaders: await productResourceLoaders(),
  });
});
t.teardown(() => server?.close());

t.test('a path on each map answers exactly as when that map is served alone', { skip }, async (t) => {
  const together = await postFollowing(server, '/v1/path', { routes: [routeThrough(inMonaco), routeThrough(inLiechtenstein)] });
  t.equal(together.status, 200);
  const [onMonaco, onLiechtenstein] = together.body.routes;
  await useRoutingMap(monaco.path, testCacheDir());
  const alone = [(await path.run(path.validate({ routes: [routeThrough(inMonaco)] }), context)).routes[0]];
  await useRoutingMap(liechtenstein.path, testCacheDir());
  alone.push((await path.run(path.validate({ routes: [routeThrough(inLiechtenstein)] }), context)).routes[0]);
  for (const [served, single] of [[onMonaco, alone[0]], [onLiechtenstein, alone[1]]]) {
    t.equal(served.error, undefined, `${served.id} is routed`);
    t.ok(served.distance_meters > 0, `${served.id}: ${served.distance_meters} m`);
    t.same(roadsOf(served), roadsOf(single), `${served.id} answers as on its map alone`);
  }
});

t.test('a path route with stops on both maps gets an error at the stop on the other map; the other routes are routed', { skip }, async (t) => {
  const answer = await postFollowing(server, '/v1/path', { routes: [routeThrough([inMonaco[0]!, inMonaco[1]!, inLiechtenstein[0]!]), routeThrough(inMonaco)] });
  t.equal(answer.status, 200);
  const [mixed, plain] = answer.body.routes;
  t.equal(mixed.error.error_code, 'validation_failed_error');
  t.match(mixed.error.errors[0], { property: 'request.routes[0].stops[2].location', code: 'value_out_of_range_error', parameters: { reason: 'other_map' } });
  t.equal(plain.error, undefined);
});

t.test('a matrix on one map answers as when that map is served alone', { skip }, async (t) => {
  const served = await postFollowing(server, '/v1/matrix', { sources: inLiechtenstein });
  t.equal(served.status, 200);
  await useRoutingMap(liechtenstein.path, testCacheDir());
  t.same(served.body, await matrixAnswer({ sources: inLiechtenstein }));
});

t.test('a matrix with points on both maps is refused with the JSON path of each point on the other map', { skip }, async (t) => {
  const answer = await postFollowing(server, '/v1/matrix', { sources: inMonaco, destinations: [inMonaco[0], inLiechtenstein[1]] });
  t.equal(answer.status, 400);
  t.equal(answer.body.error_code, 'validation_failed_error');
  t.same(answer.body.errors.map((error: { property: string; code: string }) => [error.property, error.code]),
    [['request.destinations[1]', 'value_out_of_range_error']]);
});

t.test('a planning problem with jobs on both maps is refused before any task runs', { skip }, async (t) => {
  const answer = await postFollowing(server, '/v1/evaluate?wait=1', problemOn(inLiechtenstein[2]!, [inLiechtenstein[0]!, inMonaco[0]!, inLiechtenstein[1]!]));
  t.equal(answer.status, 400);
  t.match(answer.body.errors, [{ property: 'request.jobs[1].location', code: 'value_out_of_range_error' }]);
});

t.test('a planning problem on the second map is planned on its roads', { skip }, async (t) => {
  const answer = await postFollowing(server, '/v1/evaluate?wait=1&aggregate=1', problemOn(inLiechtenstein[2]!, [inLiechtenstein[0]!, inLiechtenstein[1]!]));
  t.equal(answer.status, 200);
  t.match(answer.body, { num_assigned_jobs: 2, num_violations: 0 });
  t.ok(answer.body.total_distance_meters > 1000, `${answer.body.total_distance_meters} m driven`);
});

t.test('geocoding finds addresses of both maps, and reverse geocoding answers each point from its own map', { skip }, async (t) => {
  const queries = await Promise.all([monaco, liechtenstein].map(async (extract) => {
    const { index } = await loadGeocodeIndex(extract.path, testCacheDir());
    return addressQueries(geocodeRecords(index), { seed: 7, limit: 1, tolerance: 30 }).find((query) => query.perturbation === 'clean')!;
  }));
  const found = await postFollowing(server, '/v1/geocode?wait=1', { addresses: queries.map(({ query, country }) => ({ query, country })) });
  t.equal(found.status, 200);
  const reversed = await postFollowing(server, '/v1/reverse_geocode?wait=1', { locations: queries.map(({ expected }) => ({ location: `${expected.lat},${expected.lon}` })) });
  t.equal(reversed.status, 200);
  queries.forEach((query, i) => {
    for (const [name, answer] of [['geocode', found.body.geocoded_locations[i]], ['reverse geocode', reversed.body.geocoded_locations[i]]]) {
      const [lat, lon] = String(answer.suggestions[0]?.location ?? 'NaN,NaN').split(',').map(Number);
      const off = distanceMeters({ lat: lat!, lon: lon! }, query.expected);
      t.ok(off <= 30, `${name} of "${query.query}" (${query.country}): ${off.toFixed(0)} m from the address`);
    }
  });
});

t.test('/v1/version and /metrics list both maps, the first one\'s fields kept at the top', { skip }, async (t) => {
  const { map } = await (await server.request('/v1/version')).json() as { map: { name: string; hash: string; maps: { name: string; hash: string }[] } };
  t.equal(map.name, 'monaco.osm.pbf');
  t.same(map.maps.map((served) => served.name), ['monaco.osm.pbf', 'liechtenstein.osm.pbf']);
  t.notOk(map.maps.some((served) => served.hash === map.hash), 'the hash names both maps');
  const metrics = await (await server.request('/metrics', { auth: false })).text();
  for (const name of ['monaco.osm.pbf', 'liechtenstein.osm.pbf']) t.match(metrics, `fleetroute_map_bytes{map="${name}",profile="auto",part="hierarchy"}`);
});

t.test('/v1/version and /metrics give the bytes of each map\'s geocode index', { skip }, async (t) => {
  const { map } = await (await server.request('/v1/version')).json() as { map: { geocoderBytes: number; maps: { name: string; geocoderBytes: number }[] } };
  const metrics = await (await server.request('/metrics', { auth: false })).text();
  t.equal(map.geocoderBytes, map.maps[0]!.geocoderBytes, 'the first map\'s, at the top');
  t.not(map.maps[0]!.geocoderBytes, map.maps[1]!.geocoderBytes, 'each map its own index');
  for (const { name, geocoderBytes } of map.maps) {
    t.ok(geocoderBytes > 10_000, `${name}: ${geocoderBytes} bytes`);
    t.match(metrics, `fleetroute_geocoder_bytes{map="${name}"} ${geocoderBytes}\n`);
  }
});

t.test('a reload loads every map again: the same files give the same identity, and each map still answers', { skip }, async (t) => {
  const hash = server.server.state.mapHash;
  await server.server.reloadMap();
  t.equal(server.server.state.mapHash, hash);
  const answer = await postFollowing(server, '/v1/path', { routes: [routeThrough(inMonaco), routeThrough(inLiechtenstein)] });
  t.same(answer.body.routes.map((route: Record<string, unknown>) => route.error), [undefined, undefined]);
});
