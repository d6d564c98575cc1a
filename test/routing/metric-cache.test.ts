// A metric built on first use (here the rush hour's traffic) is stored in the map cache beside the default
// hierarchy, so that the next start of the service, or another process on the same data dir, reads it back instead
// of contracting it again, and routes on it exactly as the process that built it did; `fleetroute import`, and a
// server in the background once it serves, store every time slot's ahead.
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { runImportCommand } from '../../src/cli/import-command.js';
import { loadConfig } from '../../src/config.js';
import type { OperationContext } from '../../src/operations/operation.js';
import { setWorkerResource } from '../../src/pool/worker-resources.js';
import { attachServedMaps, ROUTING_RESOURCE } from '../../src/routing/load/attach-routing-map.js';
import { loadRoutingMap } from '../../src/routing/load/load-routing-map.js';
import { routingMap } from '../../src/routing/load/request-map.js';
import { routingResourceLoader } from '../../src/routing/load/routing-resource-loader.js';
import { operation as path } from '../../src/routing/service/path-operation.js';
import { at } from '../helpers/routing-map.js';
import { startTestServer } from '../helpers/test-server.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';
import { TUESDAY_0815, trafficTown } from '../helpers/traffic-town.js';

const context: OperationContext = { signal: new AbortController().signal, reportProgress: () => undefined };

async function serveTown(mapFile: string, dataDir: string, trafficFile?: string): Promise<void> {
  const { descriptor } = await loadRoutingMap({ mapFile, dataDir, profiles: ['auto'], ...(trafficFile && { trafficFile }) });
  setWorkerResource(ROUTING_RESOURCE, attachServedMaps([descriptor]));
}

const rushHourRequest = {
  routes: [{
    routing_options: { route_with_traffic: true, routing_date_time: TUESDAY_0815 },
    stops: [{ location: at(trafficTown, 'a') }, { location: at(trafficTown, 'b') }],
  }],
};

async function metersAtRushHour(): Promise<number> {
  const [route] = (await path.run(path.validate(rushHourRequest), context)).routes;
  return route!.distance_meters!;
}

function townFiles(prefix: string): { dataDir: string; mapFile: string; maps: string } {
  const dataDir = temporaryDirectory(prefix);
  const mapFile = join(dataDir, 'town.osm');
  writeFileSync(mapFile, trafficTown.toXml());
  return { dataDir, mapFile, maps: join(dataDir, 'maps') };
}

const metricFiles = (maps: string) => readdirSync(maps).filter((name) => /\.turns\.metric-[0-9a-f]{16}\.ch$/.test(name));

t.test('a rush-hour metric is contracted by the first process and read from the map cache by the next', async (t) => {
  const { dataDir, mapFile, maps } = townFiles('metric-cache-');

  await serveTown(mapFile, dataDir);
  t.same(metricFiles(maps), [], 'nothing is stored before a request needs the metric');
  const first = await metersAtRushHour();
  t.ok(Math.abs(first - 1200) < 5, `rush hour drives the detour (${first} m)`);
  const [stored] = metricFiles(maps);
  t.ok(stored, 'the rush-hour hierarchy is stored');
  const written = statSync(join(maps, stored!));

  await serveTown(mapFile, dataDir);
  t.equal(await metersAtRushHour(), first, 'the next start routes the same way at rush hour');
  const after = statSync(join(maps, stored!));
  t.equal(after.ino, written.ino, 'from the stored file, not contracted and written again');
  t.same(metricFiles(maps), [stored], 'and stores no other');
});

t.test('a server started straight from its extract prepares its time slots\' metrics, which its workers then read', async (t) => {
  const { dataDir, mapFile, maps } = townFiles('metric-cache-server-');
  const server = await startTestServer({ args: ['--map', mapFile, '--data-dir', dataDir], resourceLoaders: [routingResourceLoader] });
  t.teardown(() => server.close());
  const prepared = await eventually(() => metricFiles(maps).length === 6 && metricFiles(maps));
  t.ok(prepared, 'three traffic patterns for each profile, prepared in the background');
  const written = prepared ? prepared.map((name) => statSync(join(maps, name)).ino) : [];

  const response = await server.request('/v1/path', { method: 'POST', json: rushHourRequest });
  t.equal(response.status, 200);
  const { routes } = (await response.json()) as { routes: { distance_meters: number }[] };
  t.ok(Math.abs(routes[0]!.distance_meters - 1200) < 5, `rush hour drives the detour (${routes[0]!.distance_meters} m)`);
  t.same(prepared && prepared.map((name) => statSync(join(maps, name)).ino), written, 'from the prepared files');
});

/** The first truthy value of `check`, asked every 50 ms for up to 30 s; false when it never is. */
async function eventually<T>(check: () => T | false): Promise<T | false> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const value = check();
    if (value) return value;
  }
  return false;
}

/** Imports the town with `fleetroute import` and returns the metric files it stored, with the lines it printed. */
async function importTown(files: { dataDir: string; mapFile: string; maps: string }, trafficFile?: string) {
  const { config } = loadConfig(['--data-dir', files.dataDir, ...(trafficFile ? ['--traffic-file', trafficFile] : [])], {});
  const lines: string[] = [];
  const code = await runImportCommand([files.mapFile], config, (line) => lines.push(line), { write: () => true });
  return { code, lines, prepared: metricFiles(files.maps) };
}

t.test('an import contracts the metrics of every time slot, and the served map reads them rather than contracting', async (t) => {
  const { dataDir, mapFile, maps } = townFiles('metric-cache-import-');
  const { code, prepared } = await importTown({ dataDir, mapFile, maps });
  t.equal(code, 0);
  t.equal(prepared.length, 6, 'three traffic patterns for each profile');
  const written = prepared.map((name) => statSync(join(maps, name)).ino);

  await serveTown(mapFile, dataDir);
  const meters = await metersAtRushHour();
  t.ok(Math.abs(meters - 1200) < 5, `rush hour drives the detour (${meters} m)`);
  t.same(metricFiles(maps), prepared, 'no metric is stored anew');
  t.same(prepared.map((name) => statSync(join(maps, name)).ino), written, 'nor written again');
});

t.test('an import with a traffic file prepares that file\'s hours, which a server with the same file reads', async (t) => {
  const files = townFiles('metric-cache-traffic-file-');
  const trafficFile = join(files.dataDir, 'traffic.csv');
  // Way 1 (a–b) crawls on Tuesdays 08:00–09:00, and only then.
  writeFileSync(trafficFile, 'way_id,hour_of_week,speed_kmh\n1,32,2\n');
  const { code, lines, prepared } = await importTown(files, trafficFile);
  t.equal(code, 0);
  t.match(lines.join('\n'), /metrics +auto 2 time slots, 1 contracted; truck 2 time slots, 1 contracted/);
  const written = prepared.map((name) => statSync(join(files.maps, name)).ino);

  await serveTown(files.mapFile, files.dataDir, trafficFile);
  const meters = await metersAtRushHour();
  t.ok(Math.abs(meters - 1200) < 5, `Tuesday 08:15 drives around the crawling way (${meters} m)`);
  t.same(prepared.map((name) => statSync(join(files.maps, name)).ino), written, 'from the files the import stored');
  t.same(metricFiles(files.maps), prepared);
});
