import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { demoTownOsmXml } from '../../src/map/demo-town.js';
import { importMap } from '../../src/map/import-map.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';

function demoTownFile(name: string): { path: string; dataDir: string } {
  const dataDir = temporaryDirectory('fr-import-');
  const path = join(dataDir, name);
  writeFileSync(path, demoTownOsmXml());
  return { path, dataDir };
}

t.test('a second import of the same file comes from the cache, identical and SharedArrayBuffer-backed', async (t) => {
  const { path, dataDir } = demoTownFile('town.osm');
  const phases = new Set<string>();
  const cold = await importMap(path, { dataDir, onProgress: (phase) => phases.add(phase) });
  const warm = await importMap(path, { dataDir });
  t.equal(cold.summary.fromCache, false);
  t.equal(warm.summary.fromCache, true);
  t.same([...phases], ['hash', 'read', 'build', 'cache', 'index'], 'progress reports every phase in order');
  t.ok(warm.summary.nodes > 100 && warm.summary.arcs > warm.summary.nodes, `${warm.summary.nodes} nodes, ${warm.summary.arcs} arcs`);
  t.ok(warm.graph.tail.buffer instanceof SharedArrayBuffer);
  for (const field of ['tail', 'head', 'weight', 'distance', 'geomLat', 'edgeWayId', 'arcFlags'] as const) {
    t.same(Array.from(warm.graph[field]), Array.from(cold.graph[field]), `${field} survives the cache`);
  }
  t.same(warm.graph.names, cold.graph.names);
});

t.test('the cache is keyed by content and profile, and a damaged cache file is rebuilt', async (t) => {
  const { path, dataDir } = demoTownFile('town.osm');
  const auto = await importMap(path, { dataDir, profile: 'auto' });
  const truck = await importMap(path, { dataDir, profile: 'truck' });
  t.not(auto.cachePath, truck.cachePath, 'each profile has its own cache');
  t.equal(truck.summary.fromCache, false);
  writeFileSync(truck.cachePath, 'FRMAP\0\0\0garbage');
  const rebuilt = await importMap(path, { dataDir, profile: 'truck' });
  t.equal(rebuilt.summary.fromCache, false);
  t.equal(rebuilt.graph.arcCount, truck.graph.arcCount);
  writeFileSync(path, demoTownOsmXml().replace('Main Street', 'High Street'));
  t.equal((await importMap(path, { dataDir })).summary.fromCache, false, 'changed content is imported afresh');
});
