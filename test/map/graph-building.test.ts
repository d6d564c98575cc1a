import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { importMap } from '../../src/map/import-map.js';
import { strongComponents } from '../../src/map/graph/strong-components.js';
import { AsciiMap } from '../helpers/ascii-map.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';

async function importXml(xml: string) {
  const dir = temporaryDirectory('graph-');
  writeFileSync(join(dir, 'map.osm'), xml);
  return importMap(join(dir, 'map.osm'), { dataDir: dir });
}

t.test('degree-2 chains become one edge that keeps every point of its geometry', async (t) => {
  const map = await new AsciiMap(`
a-b-c-d
      |
      e
`).way('abcd', { highway: 'residential' }).way('de', { highway: 'residential' }).way('ce', { highway: 'footway' }).load();
  const { graph } = map.map;
  t.equal(graph.edgeCount, 2, 'abcd and de');
  t.equal(graph.nodeCount, 3, 'a, d and e');
  const abcd = graph.names.indexOf('abcd');
  const edge = Array.from(graph.edgeNameId).indexOf(abcd);
  t.equal(graph.geomStart[edge + 1]! - graph.geomStart[edge]!, 4, 'four points');
  t.equal(map.route('a', 'e')?.nodes, 'abcde');
});

t.test('a closed way and a way that meets itself yield no self-loop arcs', async (t) => {
  const map = await new AsciiMap(`
a-b
| |
d-c-e
`).way('abcda', { highway: 'residential' }).way('ce', { highway: 'residential' }).load();
  const { graph } = map.map;
  for (let a = 0; a < graph.arcCount; a++) t.not(graph.tail[a], graph.head[a], `arc ${a} is no loop`);
  t.equal(map.route('e', 'a')?.nodes.length, 4, 'the loop is still driven either way round');
});

t.test('traffic signals on the way add two seconds each', async (t) => {
  const plain = new AsciiMap('a-----s-----b').way('asb', { highway: 'residential' });
  const base = (await plain.load()).route('a', 'b')!;
  const signal = (await plain.node('s', { highway: 'traffic_signals' }).load()).route('a', 'b')!;
  t.ok(Math.abs(signal.seconds - base.seconds - 2) < 0.01, `${base.seconds} s → ${signal.seconds} s`);
});

t.test('unsorted node ids and ways clipped by the extract still import', async (t) => {
  const map = await importXml(`<osm>
    <node id="30" lat="1.0" lon="1.002"/><node id="10" lat="1.0" lon="1.0"/><node id="20" lat="1.0" lon="1.001"/>
    <way id="1"><nd ref="10"/><nd ref="20"/><nd ref="99"/><nd ref="30"/><tag k="highway" v="primary"/></way>
  </osm>`);
  t.equal(map.graph.edgeCount, 1, 'the part before the missing node; a single node after it is no road');
  t.same([map.graph.nodeOsmId[map.graph.tail[0]!], map.graph.nodeOsmId[map.graph.head[0]!]], [10, 20]);
});

t.test('a map without roads imports to an empty graph where nothing snaps', async (t) => {
  const map = await importXml('<osm><node id="1" lat="1" lon="1"/></osm>');
  t.equal(map.graph.nodeCount, 0);
  t.equal(map.snapIndex.snap(1, 1), null);
});

t.test('strongly connected components are found without recursion, even on a million-node chain', async (t) => {
  const n = 1_000_000;
  const tail = new Uint32Array(n), head = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    tail[i] = i;
    head[i] = (i + 1) % n;
  }
  const cycle = strongComponents(n, tail, head);
  t.equal(cycle.count, 1);
  t.equal(cycle.componentSize[0], n);
  const chain = strongComponents(n, tail.subarray(0, n - 1), head.subarray(0, n - 1));
  t.equal(chain.count, n, 'an open chain is n singleton components');
});
