import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { demoTownOsmXml } from '../../src/map/demo-town.js';
import { importMap } from '../../src/map/import-map.js';
import { readOsmFile, type OsmNode } from '../../src/map/osm/index.js';

t.test('the demo town is generated identically every time', async (t) => {
  t.equal(demoTownOsmXml(), demoTownOsmXml());
});

t.test('the demo town imports, is one connected network, and every address snaps onto its own street', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'demo-town-'));
  const path = join(dir, 'demo-town.osm');
  writeFileSync(path, demoTownOsmXml());
  const { graph, snapIndex } = await importMap(path, { dataDir: dir });
  const addresses: OsmNode[] = [];
  let town: OsmNode | undefined;
  let restrictions = 0;
  await readOsmFile(path, {
    node: (n) => (n.tags['addr:housenumber'] ? addresses.push(n) : n.tags.place === 'town' ? (town = n) : undefined),
    relation: (r) => void (r.tags.type === 'restriction' && restrictions++),
  });
  t.ok(town, 'a place=town node');
  t.equal(restrictions, 1, 'one turn restriction');
  t.ok(graph.arcCount > graph.primaryArcCount, 'the restriction split a node');
  let largest = 0;
  for (const size of graph.componentSize) largest = Math.max(largest, size);
  t.equal(largest, graph.nodeCount, 'every node reaches every other');
  t.ok(addresses.length > 500, `${addresses.length} addresses`);
  const misplaced = addresses.filter((a) => {
    const snap = snapIndex.snap(a.lat, a.lon, { radiusMeters: 50 });
    return !snap || graph.names[graph.edgeNameId[snap.edge]!] !== a.tags['addr:street'];
  });
  t.same(misplaced.map((a) => `${a.tags['addr:street']} ${a.tags['addr:housenumber']}`), [], 'every address snaps onto its street');
  const classes = new Set(graph.edgeRoadClass);
  t.ok(classes.size >= 5, `${classes.size} road classes`);
});
