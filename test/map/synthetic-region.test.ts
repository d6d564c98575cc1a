import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { SyntheticRegion } from '../../bench/scale-map/synthetic-region.js';
import { importMap } from '../../src/map/import-map.js';
import type { OsmNode, OsmRelation, OsmWay } from '../../src/map/osm/elements.js';
import { readOsmFile } from '../../src/map/osm/read-osm-file.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';

async function readAll(path: string): Promise<{ nodes: OsmNode[]; ways: OsmWay[]; relations: OsmRelation[] }> {
  const nodes: OsmNode[] = [], ways: OsmWay[] = [], relations: OsmRelation[] = [];
  await readOsmFile(path, { node: (n) => nodes.push(n), way: (w) => ways.push(w), relation: (r) => relations.push(r) });
  return { nodes, ways, relations };
}

function regionFile(side: number): { path: string; dataDir: string; written: ReturnType<SyntheticRegion['write']> } {
  const dataDir = temporaryDirectory('fr-region-');
  const path = join(dataDir, `region-${side}.osm.pbf`);
  return { path, dataDir, written: new SyntheticRegion(side).write(path) };
}

t.test('the synthetic region is written as OSM PBF that reads back element for element', async (t) => {
  const region = new SyntheticRegion(30);
  const { path, written } = regionFile(30);
  const { nodes, ways, relations } = await readAll(path);
  t.equal(nodes.length, written.nodes);
  t.equal(ways.length, written.ways);
  t.equal(relations.length, written.relations);
  const corner = nodes.find((node) => node.id === region.junctionId(29, 29))!;
  const expected = region.latLon(...region.junctionXY(29, 29));
  t.ok(Math.abs(corner.lat - expected.lat) < 1e-7 && Math.abs(corner.lon - expected.lon) < 1e-7, 'coordinates to the format\'s 100 nanodegrees');
  const address = nodes.find((node) => node.tags['addr:housenumber'] !== undefined)!;
  t.match(address.tags, { 'addr:street': /(Street|Avenue)$/, 'addr:city': /\w+/, 'addr:postcode': /^\d{5}$/ });
  t.ok(ways.every((way) => way.refs.length >= 2 && way.refs.length <= 11), 'ways of one to ten blocks');
  t.ok(ways.some((way) => way.tags.oneway !== undefined), 'some streets are one-way');
  t.ok(relations.length > 0 && relations.every((r) => r.tags.restriction === 'no_left_turn' && r.members.length === 3), 'restrictions as from, via and to');
});

t.test('writing the same side twice gives the same bytes', async (t) => {
  const a = regionFile(12), b = regionFile(12);
  t.same(readFileSync(a.path), readFileSync(b.path));
});

t.test('the importer builds the region\'s roads and applies its turn restrictions', async (t) => {
  const { path, dataDir, written } = regionFile(30);
  const map = await importMap(path, { dataDir, profile: 'auto' });
  t.ok(map.graph.nodeCount >= 30 * 30 * 0.95, `${map.graph.nodeCount} road nodes`);
  t.equal(map.summary.restrictionsApplied + map.summary.restrictionsIgnored, written.relations);
  t.ok(map.summary.restrictionsApplied > 0, `${map.summary.restrictionsApplied} of ${written.relations} restrictions applied`);
});
