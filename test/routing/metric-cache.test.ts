// A metric built on first use (here the rush hour's traffic) is stored in the map cache beside the default
// hierarchy, so that the next start of the service, or another process on the same data dir, reads it back instead
// of contracting it again, and routes on it exactly as the process that built it did.
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import type { OperationContext } from '../../src/operations/operation.js';
import { setWorkerResource } from '../../src/pool/worker-resources.js';
import { attachServedMaps, ROUTING_RESOURCE } from '../../src/routing/load/attach-routing-map.js';
import { loadRoutingMap } from '../../src/routing/load/load-routing-map.js';
import { routingMap } from '../../src/routing/load/request-map.js';
import { operation as path } from '../../src/routing/service/path-operation.js';
import { at } from '../helpers/routing-map.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';
import { TUESDAY_0815, trafficTown } from '../helpers/traffic-town.js';

const context: OperationContext = { signal: new AbortController().signal, reportProgress: () => undefined };

async function serveTown(mapFile: string, dataDir: string): Promise<void> {
  const { descriptor } = await loadRoutingMap({ mapFile, dataDir, profiles: ['auto'] });
  setWorkerResource(ROUTING_RESOURCE, attachServedMaps([descriptor]));
}

async function metersAtRushHour(): Promise<number> {
  const request = {
    routes: [{
      routing_options: { route_with_traffic: true, routing_date_time: TUESDAY_0815 },
      stops: [{ location: at(trafficTown, 'a') }, { location: at(trafficTown, 'b') }],
    }],
  };
  const [route] = (await path.run(path.validate(request), context)).routes;
  return route!.distance_meters!;
}

const metricFiles = (maps: string) => readdirSync(maps).filter((name) => /\.turns\.metric-[0-9a-f]{16}\.ch$/.test(name));

t.test('a rush-hour metric is contracted by the first process and read from the map cache by the next', async (t) => {
  const dataDir = temporaryDirectory('metric-cache-');
  const mapFile = join(dataDir, 'town.osm');
  writeFileSync(mapFile, trafficTown.toXml());
  const maps = join(dataDir, 'maps');

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
  t.equal(after.mtimeMs, written.mtimeMs);
  t.same(metricFiles(maps), [stored], 'and stores no other');
});
