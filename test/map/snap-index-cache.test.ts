// A start from the cache reads the snap index stored beside the map cache: the same tree, the same segments, the
// same snaps; a file cut short or one stored for another map is built again.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import type tap from 'tap';
import { demoTownOsmXml } from '../../src/map/demo-town.js';
import { importMap } from '../../src/map/import-map.js';
import { cachedSnapIndex } from '../../src/map/cache/snap-index-cache.js';
import { readArrayFile, writeArrayFile } from '../../src/common/array-file.js';
import { SnapIndex } from '../../src/map/snap/snap-index.js';
import type { RoadMap } from '../../src/map/road-map.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';

async function demoTown(): Promise<RoadMap> {
  const dataDir = temporaryDirectory('fr-snap-cache-');
  const file = join(dataDir, 'town.osm');
  writeFileSync(file, demoTownOsmXml());
  return importMap(file, { dataDir });
}

function sameIndex(t: Pick<typeof tap, 'same'>, read: SnapIndex, built: SnapIndex): void {
  t.same(new Uint8Array(read.data.tree), new Uint8Array(built.data.tree), 'the same tree');
  t.same(Array.from(read.data.segmentEdge), Array.from(built.data.segmentEdge), 'the same segments');
}

t.test('the import stores the snap index, and a second start reads it back alike, snapping alike', async (t) => {
  const map = await demoTown();
  const path = `${map.cachePath}.snap`;
  const read = await cachedSnapIndex(path, map.cacheKey, map.graph);
  const built = SnapIndex.build(map.graph);
  sameIndex(t, read, built);
  // Segments all given to edge 0 in the file: what comes back must be the file's, not a new build.
  const stored = (await readArrayFile(path))!;
  writeArrayFile(path, stored.description, { ...stored.arrays, segmentEdge: new Uint32Array(stored.arrays.segmentEdge!.length) });
  t.ok((await cachedSnapIndex(path, map.cacheKey, map.graph)).data.segmentEdge.every((edge) => edge === 0), 'read from the file, not built');
  writeArrayFile(path, stored.description, stored.arrays);
  t.ok(read.data.tree instanceof SharedArrayBuffer && read.data.segmentEdge.buffer instanceof SharedArrayBuffer, 'shared with the workers');
  const { nodeLat, nodeLon } = map.graph;
  for (let node = 0; node < map.graph.nodeCount; node += 7) {
    const lat = nodeLat[node]! + 0.0002, lon = nodeLon[node]! - 0.0001;
    t.same(read.snap(lat, lon), built.snap(lat, lon), `a point near node ${node}`);
  }
});

t.test('a snap index stored for another map, or cut short, is built again and stored over it', async (t) => {
  const map = await demoTown();
  const path = `${map.cachePath}.snap`;
  const good = readFileSync(path);
  sameIndex(t, await cachedSnapIndex(path, 'another map', map.graph), SnapIndex.build(map.graph));
  writeFileSync(path, good.subarray(0, good.length - 64));
  sameIndex(t, await cachedSnapIndex(path, map.cacheKey, map.graph), SnapIndex.build(map.graph));
  t.same(readFileSync(path), good, 'stored again as it was');
});
