import { mkdtempSync, copyFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { importMap } from '../../src/map/import-map.js';
import { sharedData, testCacheDir } from '../helpers/shared-data.js';

const monaco = sharedData('osm/monaco.osm.pbf');

t.test('a second import of the same file comes from the cache, identical and SharedArrayBuffer-backed', { skip: monaco.skip }, async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fr-import-'));
  const phases = new Set<string>();
  const cold = await importMap(monaco.path, { dataDir, onProgress: (phase) => phases.add(phase) });
  const warm = await importMap(monaco.path, { dataDir });
  t.equal(cold.summary.fromCache, false);
  t.equal(warm.summary.fromCache, true);
  t.same([...phases], ['hash', 'read', 'build', 'cache', 'index'], 'progress reports every phase in order');
  t.ok(warm.summary.nodes > 1000 && warm.summary.arcs > warm.summary.nodes, `${warm.summary.nodes} nodes, ${warm.summary.arcs} arcs`);
  t.ok(warm.graph.tail.buffer instanceof SharedArrayBuffer);
  for (const field of ['tail', 'head', 'weight', 'distance', 'geomLat', 'edgeWayId', 'arcFlags'] as const) {
    t.same(Array.from(warm.graph[field]), Array.from(cold.graph[field]), `${field} survives the cache`);
  }
  t.same(warm.graph.names, cold.graph.names);
});

t.test('the cache is keyed by content and profile, and a damaged cache file is rebuilt', { skip: monaco.skip }, async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fr-import-'));
  const renamed = join(dataDir, 'renamed.osm.pbf');
  copyFileSync(monaco.path, renamed);
  const auto = await importMap(renamed, { dataDir: testCacheDir(), profile: 'auto' });
  const truck = await importMap(renamed, { dataDir, profile: 'truck' });
  t.not(auto.cachePath, truck.cachePath, 'each profile has its own cache');
  writeFileSync(truck.cachePath, 'FRMAP\0\0\0garbage');
  const rebuilt = await importMap(renamed, { dataDir, profile: 'truck' });
  t.equal(rebuilt.summary.fromCache, false);
  t.equal(rebuilt.graph.arcCount, truck.graph.arcCount);
});
