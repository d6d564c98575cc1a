// POST /v1/centroids through HTTP: on a real extract (Monaco) and on explicit matrices.
import t from 'tap';
import { haversineMeters } from '../../src/map/geo.js';
import { routingResourceLoader } from '../../src/routing/load/routing-resource-loader.js';
import { planePlaces, seededRandom, type Json } from '../helpers/plane-problem.js';
import { useRoutingMap } from '../helpers/routing-map.js';
import { sharedData, testCacheDir } from '../helpers/shared-data.js';
import { postFollowing } from '../helpers/map-server.js';
import { startTestServer } from '../helpers/test-server.js';

const monaco = sharedData('osm/monaco.osm.pbf');

const post = postFollowing;

function latlon(text: string): [number, number] {
  const [lat, lon] = text.split(',').map(Number);
  return [lat!, lon!];
}

function metres(a: string, b: string): number {
  const [aLat, aLon] = latlon(a);
  const [bLat, bLon] = latlon(b);
  return haversineMeters(aLat, aLon, bLat, bLon);
}

t.test('on Monaco, three drivers get one centroid in each of three clusters of jobs', { skip: monaco.skip }, async (t) => {
  const map = await useRoutingMap(monaco.path, testCacheDir());
  const graph = map.router('auto').graph;
  const nodes = Array.from({ length: graph.nodeCount }, (_, node) => `${graph.nodeLat[node]!.toFixed(6)},${graph.nodeLon[node]!.toFixed(6)}`);
  // Three far-apart centres, each with at least 8 road nodes within 150 m (from a seeded sample of nodes).
  const random = seededRandom(5);
  const sample = Array.from({ length: 300 }, () => nodes[Math.floor(random() * nodes.length)]!);
  const busy = sample.filter((node) => nodes.filter((other) => metres(node, other) < 150).length >= 8);
  const centres = [busy[0]!];
  while (centres.length < 3) {
    const spread = (node: string) => Math.min(...centres.map((centre) => metres(node, centre)));
    centres.push(busy.reduce((best, node) => (spread(node) > spread(best) ? node : best)));
  }
  t.ok(Math.min(metres(centres[0]!, centres[1]!), metres(centres[0]!, centres[2]!), metres(centres[1]!, centres[2]!)) > 800, 'centres far apart');
  const jobs = centres.flatMap((centre, cluster) => nodes.filter((node) => metres(node, centre) < 150).slice(0, 12)
    .map((location, index) => ({ id: `c${cluster}_${index}`, location })));
  t.ok(centres.every((_, cluster) => jobs.filter((job) => job.id.startsWith(`c${cluster}_`)).length >= 4), 'every cluster has jobs');

  const server = await startTestServer({ args: ['--map', monaco.path, '--data-dir', testCacheDir()], resourceLoaders: [routingResourceLoader] });
  t.teardown(() => server.close());
  const { status, body } = await post(server, '/v1/centroids?wait=1', { jobs, drivers: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] });
  t.equal(status, 200);
  const centroids = (body.drivers as Json[]).map((driver) => driver.centroid as string);
  const nearestCentre = centroids.map((centroid) => centres.reduce((best, centre, index) => (metres(centroid, centre) < metres(centroid, centres[best]!) ? index : best), 0));
  t.same([...nearestCentre].sort(), [0, 1, 2], 'one centroid per cluster');
  centroids.forEach((centroid, driver) => t.ok(metres(centroid, centres[nearestCentre[driver]!]!) < 200, `driver ${driver} sits inside its cluster`));
});

t.test('a driver\'s centroid follows the jobs only it may take; seeds are honoured; build accepts the result', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  const { markers, settings } = planePlaces(21, 40);
  const random = seededRandom(3);
  // Markers 0–19 lie anywhere; jobs on 20–39 require driver "west" when their marker is in the west half.
  const jobs = Array.from({ length: 40 }, (_, index) => ({ id: `j${index}`, location: `m${index}` }));
  const lon = (index: number) => latlon(markers[index]!.location)[1];
  const westJobs = jobs.filter((_, index) => index >= 20 && lon(index) < 2500 / 111000);
  for (const job of westJobs) Object.assign(job, { required_driver: 'west' });
  const drivers = [{ id: 'west' }, { id: 'other', centroid: markers[Math.floor(random() * 20)]!.location }];
  const { body } = await post(server, '/v1/centroids?wait=1', { markers, settings, jobs, drivers });
  const [west] = body.drivers as Json[];
  t.ok(latlon(west!.centroid)[1] < 2500 / 111000, 'the west driver sits among the jobs only it may take');
  t.equal(body.drivers.length, 2);
  t.ok((body.drivers as Json[]).every((driver) => typeof driver.centroid === 'string'), 'no driver is left without a territory');

  const build = await post(server, '/v1/build?wait=1', {
    markers, settings: { ...settings, time_limit_seconds: 1 }, jobs,
    drivers: body.drivers,
    routes: [{ id: 'r1', driver: 'west', location: 'm0' }, { id: 'r2', driver: 'other', location: 'm0' }],
  });
  t.equal(build.status, 200, 'centroids round-trip into build as driver.centroid');
});

t.test('drivers seeded at the same far point still split one cluster between them: no territory is empty', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  const { markers, settings } = planePlaces(22, 20);
  const jobs = markers.map((marker) => ({ id: `j_${marker.id}`, location: marker.id }));
  const far = '0.2,0.2';
  const { body } = await post(server, '/v1/centroids?wait=1', { markers, settings, jobs, drivers: [{ id: 'a', centroid: far }, { id: 'b', centroid: far }] });
  const [a, b] = (body.drivers as Json[]).map((driver) => driver.centroid as string);
  const span = 5000 / 111000;
  for (const centroid of [a!, b!]) {
    const [lat, lon] = latlon(centroid);
    t.ok(lat >= 0 && lat <= span && lon >= 0 && lon <= span, `${centroid} lies among the jobs`);
  }
  t.not(a, b, 'the two territories differ');
});

t.test('dated jobs and route attributes decide which driver may take a job', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  const { markers, settings } = planePlaces(23, 30);
  const west = (index: number) => latlon(markers[index]!.location)[1] < 2500 / 111000;
  const jobs = markers.map((marker, index) => (west(index)
    ? { id: `j${index}`, location: marker.id, date: '2026-11-23' }
    : { id: `j${index}`, location: marker.id, required_route_attributes: ['tail_lift'] }));
  const routes = [
    { id: 'monday', driver: 'mo', date: '2026-11-23', location: 'm0' },
    { id: 'lift', driver: 'lifter', date: '2026-11-24', location: 'm0', route_attributes: ['tail_lift'] },
  ];
  const { body } = await post(server, '/v1/centroids?wait=1', { markers, settings, jobs, routes, drivers: [{ id: 'mo' }, { id: 'lifter' }] });
  const [mo, lifter] = (body.drivers as Json[]).map((driver) => latlon(driver.centroid)[1]);
  t.ok(mo! < 2500 / 111000, 'the Monday driver sits among the Monday jobs');
  t.ok(lifter! > 2500 / 111000, 'the driver with the tail lift sits among the jobs that need one');
});

t.test('centroids accepts the routes build accepts, naming vehicles it was not given, with the same answer', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  const { markers, settings } = planePlaces(24, 20);
  const jobs = markers.slice(1).map((marker) => ({ id: `j_${marker.id}`, location: marker.id }));
  const drivers = [{ id: 'a' }, { id: 'b' }];
  const bareRoutes = [{ id: 'r1', driver: 'a', location: 'm0' }, { id: 'r2', driver: 'b', location: 'm0' }];
  const fullRoutes = bareRoutes.map((route, index) => ({
    ...route, vehicle: index === 0 ? 'van' : 7, name: `Route ${index}`, start_time: '07:30', end_time: '18:00',
    max_working_time: '10:00', max_driving_time: '08:00', normal_working_time: '08:00', breaks: [{ start: '12:00', length: '00:30' }],
    breaks_relative_to_start: false, cost_per_hour: 30, cost_per_km: 0.4, fixed_cost: 50, max_jobs_on_route: 40, load_capacity: 100,
    driving_speed_percentage: 90, custom: { colour: 'red' },
  }));
  const bare = await post(server, '/v1/centroids?wait=1', { markers, settings, jobs, drivers, routes: bareRoutes });
  const full = await post(server, '/v1/centroids?wait=1', { markers, settings, jobs, drivers, routes: fullRoutes });
  t.equal(full.status, 200, JSON.stringify(full.body.errors ?? ''));
  t.same(full.body.drivers, bare.body.drivers, 'vehicles and route costs do not move a centroid');
  const declared = await post(server, '/v1/centroids?wait=1', {
    markers, settings, jobs, drivers, vehicles: [{ id: 'van', cost_per_km: 1 }], routes: fullRoutes,
  });
  t.equal(declared.status, 200, 'a declared vehicle and an undeclared one together');
  const broken = await post(server, '/v1/centroids?wait=1', { markers, settings, jobs, drivers, routes: [{ ...fullRoutes[0], cost_per_hour: -1 }] });
  t.equal(broken.body.errors?.[0]?.property, 'request.routes[0].cost_per_hour', 'route fields are still validated');
});
