import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { DIGEST_CHARS } from '../../src/common/part-hash.js';
import { demoTownOsmXml } from '../../src/map/demo-town.js';
import { importMap } from '../../src/map/import-map.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';

function demoTownFile(name: string): { path: string; dataDir: string } {
  const dataDir = temporaryDirectory('fr-import-');
  const path = join(dataDir, name);
  writeFileSync(path, demoTownOsmXml());
  return { path, dataDir };
}

/** Where a map cache file's JSON header lies (magic, its length, its digest, the header), and what it says. */
function cacheFileHeader(bytes: Buffer): { jsonStart: number; jsonLength: number; dataStart: number; header: { arrays: { name: string; offset: number }[] } } {
  const jsonStart = 12 + DIGEST_CHARS;
  const jsonLength = bytes.readUInt32LE(8);
  const header = JSON.parse(bytes.toString('utf8', jsonStart, jsonStart + jsonLength)) as { arrays: { name: string; offset: number }[] };
  return { jsonStart, jsonLength, dataStart: Math.ceil((jsonStart + jsonLength) / 8) * 8, header };
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

t.test('a second profile holds the arrays it has alike with the first, and its snap index, imported or read from the cache', async (t) => {
  const { path, dataDir } = demoTownFile('town.osm');
  const auto = await importMap(path, { dataDir, profile: 'auto' });
  for (const how of ['imported', 'read from the cache']) {
    const truck = await importMap(path, { dataDir, profile: 'truck', alike: auto });
    t.equal(truck.summary.fromCache, how !== 'imported');
    for (const field of ['tail', 'head', 'geomLat', 'geomLon', 'nodeLat', 'edgeWayId'] as const) t.equal(truck.graph[field], auto.graph[field], `${how}: ${field} is the first profile's`);
    t.equal(truck.snapIndex, auto.snapIndex, `${how}: the snap index is made of the geometry alone`);
    t.not(truck.graph.weight, auto.graph.weight, `${how}: a truck drives at its own speeds`);
    const alone = await importMap(path, { dataDir, profile: 'truck' });
    t.same(Array.from(truck.graph.weight), Array.from(alone.graph.weight), `${how}: its own arrays as it stores them`);
    t.ok(truck.graph.weight.buffer instanceof SharedArrayBuffer);
  }
});

t.test('a cache file with a byte of its header changed is imported again under the same key', async (t) => {
  const { path, dataDir } = demoTownFile('town.osm');
  const first = await importMap(path, { dataDir });
  const bytes = readFileSync(first.cachePath);
  const { jsonStart, jsonLength } = cacheFileHeader(bytes);
  const nameAt = bytes.indexOf('Main Street', jsonStart, 'utf8');
  t.ok(nameAt > 0 && nameAt < jsonStart + jsonLength, 'the street names lie in the header');
  bytes.write('Maim Street', nameAt, 'utf8');
  writeFileSync(first.cachePath, bytes);
  const again = await importMap(path, { dataDir });
  t.equal(again.summary.fromCache, false);
  t.ok(again.graph.names.includes('Main Street'), 'with the names as imported');
  t.equal(again.cacheKey, first.cacheKey, 'the hierarchy and the other caches keyed by it stay valid');
  t.equal((await importMap(path, { dataDir })).summary.fromCache, true, 'and stored again');
});

t.test('a cache file with a byte of an array changed is imported again', async (t) => {
  const { path, dataDir } = demoTownFile('town.osm');
  const first = await importMap(path, { dataDir });
  const bytes = readFileSync(first.cachePath);
  const { header, dataStart } = cacheFileHeader(bytes);
  bytes[dataStart + header.arrays.find(({ name }) => name === 'weight')!.offset]! ^= 1;
  writeFileSync(first.cachePath, bytes);
  const again = await importMap(path, { dataDir });
  t.equal(again.summary.fromCache, false);
  t.same(Array.from(again.graph.weight), Array.from(first.graph.weight), 'with the weights as imported');
  t.equal((await importMap(path, { dataDir })).summary.fromCache, true, 'and stored again');
});
