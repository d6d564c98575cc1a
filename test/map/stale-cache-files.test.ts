// Cache files age by their modification time: what no process marks used for the retention is removed, and
// nothing in the folder that a cache did not write is ever touched.
import { existsSync, mkdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { filesOfMapCache, isCacheFileName, metricHierarchyPath } from '../../src/map/cache/cache-files.js';
import { markCacheFilesUsed, removeStaleCacheFiles } from '../../src/map/cache/stale-cache-files.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';

const dayMs = 86_400_000;
const now = Date.parse('2026-12-03T12:00:00Z');

/** Writes `name` in `folder` with a modification time `days` before `now`. */
function fileAged(folder: string, name: string, days: number, bytes = 16): string {
  const path = join(folder, name);
  writeFileSync(path, Buffer.alloc(bytes));
  const time = new Date(now - days * dayMs);
  utimesSync(path, time, time);
  return path;
}

const mapCache = 'region.osm.pbf.auto.582c1ef66696c368.v12.fmap';

t.test('every file the caches write, in this format or an older one, is a cache file; the extracts are not', async (t) => {
  for (const name of [...filesOfMapCache(mapCache), 'region.osm.pbf.truck.582c1ef66696c368.v3.fmap.ch',
    'region.osm.pbf.582c1ef66696c368.geocode.v8.bin', 'region.osm.pbf.582c1ef66696c368.geocode.v1.msgpack',
    `${mapCache}.turns.ch.4711.spill.forward`, `${mapCache}.turns.ch.4711.spill.backward`, `${mapCache}.4711.tmp`,
    'region.osm.pbf.582c1ef66696c368.geocode.v2.msgpack.4711.partial', metricHierarchyPath(mapCache, 'c0ffee'.repeat(10)),
    `${metricHierarchyPath(mapCache, 'c0ffee'.repeat(10))}.4711.tmp`]) {
    t.ok(isCacheFileName(name), name);
  }
  for (const name of ['region.osm.pbf', 'demo-town.osm', 'users.json', 'region.v12.osm.pbf', 'notes.fmap.txt', `${mapCache}.bak.tmp`]) {
    t.notOk(isCacheFileName(name), name);
  }
});

t.test('a cache file unused for longer than the retention is removed, and one used within it stays', async (t) => {
  const folder = temporaryDirectory('fleetroute-stale-');
  const stale = fileAged(folder, 'region.osm.pbf.auto.0123456789abcdef.v9.fmap.turns.ch', 8, 1000);
  const recent = fileAged(folder, 'region.osm.pbf.auto.0123456789abcdef.v9.fmap', 6);
  const { removed, failed } = await removeStaleCacheFiles(folder, { unusedDays: 7, keep: [], now });
  t.same(removed.map(({ path, bytes }) => ({ path, bytes })), [{ path: stale, bytes: 1000 }]);
  t.ok(Math.abs(removed[0]!.unusedDays - 8) < 1e-6, 'the days it went unused are reported');
  t.same(failed, []);
  t.notOk(existsSync(stale));
  t.ok(existsSync(recent));
});

t.test('a file served now stays however old its time, and so does everything a cache did not write', async (t) => {
  const folder = temporaryDirectory('fleetroute-stale-');
  const served = fileAged(folder, mapCache, 400);
  const others = ['region.osm.pbf', 'demo-town.osm', 'users.json'].map((name) => fileAged(folder, name, 400));
  mkdirSync(join(folder, 'old.v1.fmap'));
  const { removed } = await removeStaleCacheFiles(folder, { unusedDays: 7, keep: [served], now });
  t.same(removed, []);
  for (const path of [served, ...others, join(folder, 'old.v1.fmap')]) t.ok(existsSync(path), path);
});

t.test('what a killed import left behind ages out like the files it belongs to', async (t) => {
  const folder = temporaryDirectory('fleetroute-stale-');
  const spill = fileAged(folder, `${mapCache}.turns.ch.4711.spill.forward`, 30);
  const writing = fileAged(folder, `${mapCache}.4712.tmp`, 0);
  await removeStaleCacheFiles(folder, { unusedDays: 7, keep: [], now });
  t.notOk(existsSync(spill), 'an old spill file is removed');
  t.ok(existsSync(writing), 'a file being written now stays');
});

t.test('a data dir without a maps folder has nothing to remove', async (t) => {
  const removal = await removeStaleCacheFiles(join(temporaryDirectory('fleetroute-stale-'), 'maps'), { unusedDays: 7, keep: [], now });
  t.same(removal, { removed: [], failed: [] });
});

t.test('marking files used sets their modification time to now, and skips a file that is not there', async (t) => {
  const folder = temporaryDirectory('fleetroute-stale-');
  const path = fileAged(folder, mapCache, 30);
  const marked = new Date(now);
  await markCacheFilesUsed([path, join(folder, `${mapCache}.snap`)], marked);
  t.equal(statSync(path).mtimeMs, now);
  const { removed } = await removeStaleCacheFiles(folder, { unusedDays: 7, keep: [], now: now + 6 * dayMs });
  t.same(removed, [], 'a week later but one day it is still kept');
});
