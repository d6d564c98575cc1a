// A start from the cache reads the turn graph it stored rather than building it again, and builds it again when
// the file is damaged or was made of something else.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { demoTownOsmXml } from '../../src/map/demo-town.js';
import { importMap } from '../../src/map/import-map.js';
import { cachedTurnGraph } from '../../src/map/cache/turn-graph-cache.js';
import { writeArrayFile } from '../../src/common/array-file.js';
import { buildTurnGraph, type TurnGraph } from '../../src/map/graph/turn-graph.js';
import { PROFILES } from '../../src/map/profiles/index.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';

async function demoTown(): Promise<{ build: () => TurnGraph; path: string }> {
  const dataDir = temporaryDirectory('fr-turn-cache-');
  const file = join(dataDir, 'town.osm');
  writeFileSync(file, demoTownOsmXml());
  const map = await importMap(file, { dataDir });
  return { build: () => buildTurnGraph(map.graph, { turns: PROFILES.auto.turns, drivingSide: 'right' }), path: `${map.cachePath}.turns` };
}

function counting(build: () => TurnGraph): { build: () => TurnGraph; calls: () => number } {
  let calls = 0;
  return { build: () => (calls++, build()), calls: () => calls };
}

const ARRAYS = ['tail', 'head', 'turnMs', 'firstTurn', 'weight', 'distance', 'arcZone'] as const;

t.test('the turn graph stored beside the map cache is read back equal, on shared buffers, without building it', async (t) => {
  const { build, path } = await demoTown();
  const first = counting(build);
  const built = await cachedTurnGraph(path, 'town/auto', first.build);
  const second = counting(build);
  const read = await cachedTurnGraph(path, 'town/auto', second.build);
  t.equal(first.calls(), 1);
  t.equal(second.calls(), 0, 'read, not built');
  t.equal(read.nodeCount, built.nodeCount);
  t.equal(read.turnCount, built.turnCount);
  for (const name of ARRAYS) {
    t.same(Array.from(read[name]), Array.from(built[name]), `${name} survives the file`);
    t.ok(read[name].buffer instanceof SharedArrayBuffer, `${name} is shared with the workers`);
  }
});

t.test('a turn graph stored for another key, damaged, or not a turn graph at all is built again', async (t) => {
  const { build, path } = await demoTown();
  await cachedTurnGraph(path, 'town/auto', build);
  const otherKey = counting(build);
  await cachedTurnGraph(path, 'town/truck', otherKey.build);
  t.equal(otherKey.calls(), 1, 'another key');
  writeFileSync(path, 'FRPACK\0\0garbage');
  const damaged = counting(build);
  const rebuilt = await cachedTurnGraph(path, 'town/truck', damaged.build);
  t.equal(damaged.calls(), 1, 'damaged');
  writeArrayFile(path, null, { tail: Uint32Array.of(1) });
  const foreign = counting(build);
  await cachedTurnGraph(path, 'town/truck', foreign.build);
  t.equal(foreign.calls(), 1, 'an array file of something else');
  t.equal(rebuilt.turnCount, build().turnCount);
});

t.test('a second profile\'s turn graph holds the first one\'s arrays where they hold the same bytes, built or read', async (t) => {
  const { build, path } = await demoTown();
  const auto = await cachedTurnGraph(path, 'town/auto', build);
  const truckTurns = (): TurnGraph => ({ ...build(), turnMs: build().turnMs.map((ms) => ms * 2) });
  const truckPath = `${path}.truck`;
  for (const how of ['built', 'read']) {
    const truck = await cachedTurnGraph(truckPath, 'town/truck', truckTurns, auto);
    for (const name of ['tail', 'head', 'firstTurn', 'weight', 'distance', 'arcZone'] as const) t.equal(truck[name], auto[name], `${how}: ${name} is the first profile's`);
    t.not(truck.turnMs, auto.turnMs, `${how}: turn costs of its own`);
    t.same(Array.from(truck.turnMs), Array.from(truckTurns().turnMs));
  }
});
