import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { collectOsm } from '../../src/map/graph/collect-osm.js';
import { PROFILES } from '../../src/map/profiles/index.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';

const OSM = `<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6">
  <node id="1" lat="46.0000" lon="8.0000"/>
  <node id="2" lat="46.0010" lon="8.0000"><tag k="highway" v="traffic_signals"/></node>
  <node id="3" lat="46.0020" lon="8.0000"/>
  <node id="4" lat="46.0030" lon="8.0010"/>
  <node id="5" lat="46.0030" lon="8.0020"/>
  <node id="6" lat="46.0040" lon="8.0030"><tag k="place" v="town"/><tag k="name" v="Somewhere"/></node>
  <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/><nd ref="9"/><tag k="highway" v="residential"/></way>
  <way id="11"><nd ref="4"/><nd ref="5"/><nd ref="4"/><tag k="building" v="yes"/></way>
</osm>`;

t.test('the importer keeps the nodes routable ways use, drops ids the file lacks, and still finds every place', async (t) => {
  const file = join(temporaryDirectory('fr-collect-'), 'roads.osm');
  writeFileSync(file, OSM);
  const extract = await collectOsm(file, PROFILES.auto);
  t.same(Array.from(extract.nodeIds), [1, 2, 3], 'building nodes and the place node are not kept; the missing node 9 is dropped');
  t.same(Array.from(extract.nodeLat), [46, 46.001, 46.002]);
  t.ok(extract.nodeIdsSorted);
  t.same([...extract.signalNodeIds], [2]);
  t.equal(extract.places.length, 1, 'a place node off the roads still marks a built-up area');
  t.same(Array.from(extract.wayIds), [10]);
});

t.test('a file whose nodes are out of order gives the same road nodes', async (t) => {
  const lines = OSM.split('\n');
  const shuffled = [...lines.slice(0, 2), lines[4]!, lines[6]!, lines[2]!, lines[5]!, lines[3]!, ...lines.slice(7)].join('\n');
  const file = join(temporaryDirectory('fr-collect-'), 'shuffled.osm');
  writeFileSync(file, shuffled);
  const extract = await collectOsm(file, PROFILES.auto);
  t.same(Array.from(extract.nodeIds), [1, 2, 3]);
  t.same(Array.from(extract.nodeLat), [46, 46.001, 46.002]);
  t.same([...extract.signalNodeIds], [2]);
});
