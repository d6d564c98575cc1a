// A server marks the cache files it serves as used, and removes those no process has served for the retention
// (caches of older formats, of replaced extracts), never its own and never a file that no cache wrote.
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { geocoderResourceLoader } from '../../src/geocode/service/geocoder-resource.js';
import { routingResourceLoader } from '../../src/routing/load/routing-resource-loader.js';
import { squareTown } from '../helpers/map-server.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';

const dayMs = 86_400_000;

async function startTownServer(env: Record<string, string> = {}): Promise<TestServer> {
  const file = join(temporaryDirectory('fleetroute-map-'), 'town.osm');
  writeFileSync(file, squareTown.toXml());
  return startTestServer({ args: ['--map', file], env, resourceLoaders: [routingResourceLoader, geocoderResourceLoader] });
}

function age(path: string, days: number): void {
  const time = new Date(Date.now() - days * dayMs);
  utimesSync(path, time, time);
}

function writeAged(path: string, days: number): string {
  writeFileSync(path, 'cached bytes');
  age(path, days);
  return path;
}

/** Files a cache of another format or extract would have left, unused for `staleDays`, and a file of the operator's. */
function leftBehind(maps: string, staleDays: number) {
  return {
    stale: [
      writeAged(join(maps, 'town.osm.auto.0123456789abcdef.v11.fmap'), staleDays),
      writeAged(join(maps, 'town.osm.auto.0123456789abcdef.v11.fmap.turns.ch'), staleDays),
      writeAged(join(maps, 'town.osm.auto.0123456789abcdef.v11.fmap.turns.metric-00112233445566ff.ch'), staleDays),
      writeAged(join(maps, 'town.osm.0123456789abcdef.geocode.v7.bin'), staleDays),
    ],
    recent: writeAged(join(maps, 'other.osm.pbf.auto.fedcba9876543210.v12.fmap'), 2),
    operators: writeAged(join(maps, 'notes.txt'), 400),
  };
}

t.test('a server keeps the cache files it serves however old, and the metrics used since its start, and removes those unused for longer than a week', async (t) => {
  const server = await startTownServer();
  t.teardown(() => server.close());
  const maps = join(server.config.dataDir, 'maps');
  const served = readdirSync(maps).map((name) => join(maps, name));
  t.ok(served.some((path) => path.endsWith('.fmap.turns.ch')) && served.some((path) => path.includes('.geocode.')),
    'the served files include the hierarchies and the geocode index');
  for (const path of served) age(path, 30);
  const turns = served.find((path) => path.endsWith('.fmap.turns'))!;
  // As a worker stores or reads a traffic metric's hierarchy after the start, once a route first drives in its hours.
  served.push(writeAged(`${turns}.metric-0123456789abcdef.ch`, 0));
  // A metric of the same map that no process has used since this one started: another traffic file's, say.
  const unused = writeAged(`${turns}.metric-fedcba9876543210.ch`, 8);
  const { stale, recent, operators } = leftBehind(maps, 8);

  const reloaded = Date.now();
  await server.server.reloadMap();

  for (const path of served) {
    t.ok(existsSync(path), `${path} is served and kept`);
    t.ok(statSync(path).mtimeMs >= reloaded - 1000, `${path} is marked used`);
  }
  for (const path of [...stale, unused]) t.notOk(existsSync(path), `${path} went unused for 8 days and is removed`);
  t.ok(existsSync(recent), 'a cache used two days ago stays');
  t.ok(existsSync(operators), 'a file no cache wrote stays');
});

t.test('a retention of 0 days keeps every cache file', async (t) => {
  const server = await startTownServer({ FLEETROUTE_CACHE_RETENTION_DAYS: '0' });
  t.teardown(() => server.close());
  const { stale } = leftBehind(join(server.config.dataDir, 'maps'), 400);
  await server.server.reloadMap();
  for (const path of stale) t.ok(existsSync(path), path);
});
