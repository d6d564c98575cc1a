// The geocode index is built once per extract, then read from its cache file unless that file is damaged.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { loadGeocodeIndex } from '../../src/geocode/import/geocode-index-cache.js';
import { repoRoot } from '../helpers/shared-data.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';

const fixture = join(repoRoot, 'test/fixtures/geocode-villages.osm');

t.test('a cached index with a byte changed is built again, and the rebuilt one cached', async (t) => {
  const dataDir = temporaryDirectory('fr-geocode-cache-');
  const extract = join(dataDir, 'villages.osm');
  copyFileSync(fixture, extract);
  const built = await loadGeocodeIndex(extract, dataDir);
  t.equal(built.fromCache, false);
  const read = await loadGeocodeIndex(extract, dataDir);
  t.equal(read.fromCache, true);
  t.ok(read.bytes.buffer instanceof SharedArrayBuffer, 'read into shared memory');
  t.same(Buffer.from(read.bytes), Buffer.from(built.bytes), 'the served form as built');
  const stored = readFileSync(built.path);
  const changed = Buffer.from(stored);
  changed[changed.length - 3]! ^= 0x08;
  writeFileSync(built.path, changed);
  const rebuilt = await loadGeocodeIndex(extract, dataDir);
  t.equal(rebuilt.fromCache, false);
  t.same(readFileSync(built.path), stored, 'stored again as it was');
});
