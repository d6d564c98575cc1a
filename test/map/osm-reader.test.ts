import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { readOsmFile, OsmFormatError, type OsmNode, type OsmRelation, type OsmWay } from '../../src/map/osm/index.js';
import { sharedData } from '../helpers/shared-data.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';

const monaco = sharedData('osm/monaco.osm.pbf');

t.test('a PBF extract streams plausible nodes, ways and relations in file order', { skip: monaco.skip }, async (t) => {
  let nodes = 0, ways = 0, relations = 0, outside = 0, order = '';
  const nodeIds = new Set<number>();
  let missingRefs = 0;
  let named: OsmWay | undefined;
  await readOsmFile(monaco.path, {
    node(n) {
      nodes++;
      nodeIds.add(n.id);
      if (n.lat < 43.6 || n.lat > 43.8 || n.lon < 7.3 || n.lon > 7.6) outside++;
      if (!order.endsWith('n')) order += 'n';
    },
    way(w) {
      ways++;
      for (const ref of w.refs) if (!nodeIds.has(ref)) missingRefs++;
      if (!named && w.tags.highway === 'primary' && w.tags.name) named = w;
      if (!order.endsWith('w')) order += 'w';
    },
    relation() {
      relations++;
      if (!order.endsWith('r')) order += 'r';
    },
  });
  t.ok(nodes > 100_000, `${nodes} nodes`);
  t.ok(ways > 10_000, `${ways} ways`);
  t.ok(relations > 100, `${relations} relations`);
  t.equal(outside, 0, 'every node lies around Monaco');
  t.equal(order, 'nwr', 'nodes, then ways, then relations');
  t.equal(missingRefs, 0, 'ways reference nodes of the extract');
  t.ok(named && named.refs.length >= 2, 'tags and refs of ways are decoded');
});

t.test('a small OSM XML file yields its elements with tags, refs and members', async (t) => {
  const dir = temporaryDirectory('osm-xml-');
  const path = join(dir, 'tiny.osm');
  writeFileSync(path, `<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6">
  <node id="1" lat="47.1" lon="9.5"/>
  <node id="2" lat="47.2" lon="9.6"><tag k="barrier" v="gate"/></node>
  <node id="3" lat="47.3" lon="9.7" visible="false"/>
  <way id="10"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/><tag k="name" v="Rue &amp; Co"/></way>
  <relation id="20"><member type="way" ref="10" role="from"/><member type="node" ref="2" role="via"/>
    <tag k="type" v="restriction"/></relation>
</osm>`);
  const nodes: OsmNode[] = [], ways: OsmWay[] = [], relations: OsmRelation[] = [];
  await readOsmFile(path, { node: (n) => nodes.push(n), way: (w) => ways.push(w), relation: (r) => relations.push(r) });
  t.same(nodes.map((n) => [n.id, n.lat, n.lon]), [[1, 47.1, 9.5], [2, 47.2, 9.6]], 'invisible elements are dropped');
  t.same(nodes[1]!.tags, { barrier: 'gate' });
  t.same(ways, [{ id: 10, refs: [1, 2], tags: { highway: 'residential', name: 'Rue & Co' } }]);
  t.same(relations[0]!.members, [{ type: 'way', ref: 10, role: 'from' }, { type: 'node', ref: 2, role: 'via' }]);
});

t.test('a file that is not OSM is rejected with an OsmFormatError, not a crash', async (t) => {
  const dir = temporaryDirectory('osm-bad-');
  const pbf = join(dir, 'bad.osm.pbf');
  writeFileSync(pbf, 'definitely not protobuf');
  await t.rejects(readOsmFile(pbf, {}), OsmFormatError);
  const xml = join(dir, 'bad.osm');
  writeFileSync(xml, '<osm><node id="1" lat="x" lon="2"/></osm>');
  await t.rejects(readOsmFile(xml, {}), OsmFormatError);
  await t.rejects(readOsmFile(join(dir, 'map.txt'), {}), OsmFormatError);
});
