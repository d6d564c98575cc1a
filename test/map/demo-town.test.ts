import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { referenceRoute } from '../helpers/reference-dijkstra.js';
import { demoTownOsmXml } from '../../src/map/demo-town.js';
import { importMap } from '../../src/map/import-map.js';
import { readOsmFile, type OsmNode } from '../../src/map/osm/index.js';
import { seedsOf } from '../../src/map/snap/seeds.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';

t.test('the demo town is generated identically every time', async (t) => {
  t.equal(demoTownOsmXml(), demoTownOsmXml());
});

t.test('the demo town imports, is one connected network, and every address snaps onto its own street', async (t) => {
  const dir = temporaryDirectory('demo-town-');
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

t.test("the demo town's no_left_turn keeps Main Street (west) from turning into Market Avenue (north)", async (t) => {
  const dir = temporaryDirectory('demo-town-');
  const restricted = join(dir, 'restricted.osm'), free = join(dir, 'free.osm');
  writeFileSync(restricted, demoTownOsmXml());
  writeFileSync(free, demoTownOsmXml().replace(/<relation[^\n]*<\/relation>\n/, ''));
  const leftTurnSeconds = async (path: string): Promise<number> => {
    const { graph, snapIndex, arcCopies } = await importMap(path, { dataDir: dir });
    // From Main Street just west of the centre to Market Avenue just north of it (60 m either side).
    const from = snapIndex.snap(46.0, 8.0 - 60 / 77_000)!, to = snapIndex.snap(46.0 + 60 / 111_320, 8.0)!;
    t.equal(graph.names[graph.edgeNameId[from.edge]!], 'Main Street');
    t.equal(graph.names[graph.edgeNameId[to.edge]!], 'Market Avenue');
    const route = referenceRoute(graph, seedsOf(graph, arcCopies, from).sources, seedsOf(graph, arcCopies, to).targets)!;
    return route.weight / 1000;
  };
  const direct = await leftTurnSeconds(free);
  const around = await leftTurnSeconds(restricted);
  t.ok(direct < 20, `the left turn takes ${direct} s`);
  t.ok(around > direct + 10, `with it the route turns elsewhere: ${around} s`);
});
