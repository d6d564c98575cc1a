// Predicted traffic through real HTTP, from a user's traffic file (FLEETROUTE_TRAFFIC_FILE): the workers
// build the slot's metric on first use, /v1/path and /v1/matrix agree, /v1/version names the model.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { routingResourceLoader } from '../../src/routing/load/routing-resource-loader.js';
import { AsciiMap } from '../helpers/ascii-map.js';
import { at } from '../helpers/routing-map.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';

// Way 1 (a–b) is direct; ways 2–4 go around. The traffic file crawls way 1 on Tuesdays 08:00–09:00 only.
const town = new AsciiMap(`
a-------b
|       |
c-------d
`)
  .way('ab', { highway: 'residential' })
  .way('ac', { highway: 'residential' })
  .way('cd', { highway: 'residential' })
  .way('db', { highway: 'residential' });

const TUESDAY_8 = 24 + 8;

let server: TestServer;

t.before(async () => {
  const dir = temporaryDirectory('traffic-http-');
  const mapFile = join(dir, 'town.osm');
  const trafficFile = join(dir, 'traffic.csv');
  writeFileSync(mapFile, town.toXml());
  writeFileSync(trafficFile, `way_id,hour_of_week,speed_kmh\n1,${TUESDAY_8},2\n`);
  server = await startTestServer({ args: ['--map', mapFile], env: { FLEETROUTE_TRAFFIC_FILE: trafficFile }, resourceLoaders: [routingResourceLoader] });
});

t.teardown(() => server.close());

interface PathAnswer { routes: { distance_meters: number; driving_time: string }[] }
interface MatrixAnswer { durations: number[][]; distances: number[][] }

function seconds(timespan: string): number {
  const [h, m, s] = timespan.split(':').map(Number) as [number, number, number];
  return h * 3600 + m * 60 + s;
}

t.test('a way the traffic file slows is avoided in its hour, by /v1/path and /v1/matrix alike', async (t) => {
  const options = (dateTime: string) => ({ route_with_traffic: true, routing_date_time: dateTime });
  const stops = [{ location: at(town, 'a') }, { location: at(town, 'b') }];
  const response = await server.request('/v1/path', { method: 'POST', json: { routes: [
    { routing_options: options('2026-11-17T08:30:00Z'), stops },
    { routing_options: options('2026-11-17T10:30:00Z'), stops },
  ] } });
  t.equal(response.status, 200);
  const [slowed, free] = ((await response.json()) as PathAnswer).routes;
  t.ok(Math.abs(free!.distance_meters - 800) < 5, `off-peak: direct, ${free!.distance_meters} m`);
  t.ok(Math.abs(slowed!.distance_meters - 1200) < 5, `08:30: around, ${slowed!.distance_meters} m`);
  const cells = await server.request('/v1/matrix', { method: 'POST', json: {
    sources: [stops[0]!.location], destinations: [stops[1]!.location], routing_options: options('2026-11-17T08:30:00Z'),
  } });
  const matrix = await cells.json() as MatrixAnswer;
  t.ok(Math.abs(matrix.distances[0]![0]! - slowed!.distance_meters) < 0.01);
  t.ok(Math.abs(matrix.durations[0]![0]! - seconds(slowed!.driving_time)) <= 0.5);
});

t.test('/v1/version names the traffic model in use', async (t) => {
  const body = await (await server.request('/v1/version')).json() as { map: { traffic: string } };
  t.match(body.map.traffic, /traffic\.csv$/);
});
