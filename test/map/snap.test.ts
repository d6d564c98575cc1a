import t from 'tap';
import { seedsOf } from '../../src/map/snap/seeds.js';
import { AsciiMap, type AsciiRoutes } from '../helpers/ascii-map.js';

// A small network (a–f) and a separate two-node island (g–h) just below the point x.
const drawing = `
a-m-b---c
|   |   |
d---e---f

  x
  g-h
`;

async function load(): Promise<{ map: AsciiRoutes; at(name: string): [number, number] }> {
  const ascii = new AsciiMap(drawing)
    .way('ab', { highway: 'residential', oneway: 'yes' }).way('bc', { highway: 'residential' })
    .way('def', { highway: 'residential' }).way('ad', { highway: 'residential' })
    .way('be', { highway: 'residential' }).way('cf', { highway: 'residential' })
    .way('gh', { highway: 'service' });
  return { map: await ascii.load(), at: (name) => ascii.location(name) };
}

t.test('a point snaps to the network rather than a nearer island while the network is within the radius', async (t) => {
  const { map, at } = await load();
  const { snapIndex, graph } = map.map;
  const onNetwork = snapIndex.snap(...at('x'))!;
  t.ok(onNetwork.distanceMeters > 150 && onNetwork.distanceMeters < 250, `${onNetwork.distanceMeters} m to the network`);
  t.equal(graph.names[graph.edgeNameId[onNetwork.edge]!], 'def');
  const island = snapIndex.snap(...at('x'), { radiusMeters: 150 })!;
  t.equal(graph.names[graph.edgeNameId[island.edge]!], 'gh', 'the island only when nothing better is within the radius');
  t.equal(snapIndex.snap(...at('x'), { radiusMeters: 50 }), null, 'nothing within the radius: no snap');
  t.equal(snapIndex.snap(Number.NaN, 0), null, 'bad coordinates: no snap');
});

t.test('a snap reports the projection, the fraction along the arc and the bearing of the road', async (t) => {
  const { map, at } = await load();
  const { snapIndex, graph, arcCopies } = map.map;
  const [lat, lon] = at('m');
  const snap = snapIndex.snap(lat + 0.0002, lon)!;
  t.ok(Math.abs(snap.fraction - 0.5) < 1e-6, `fraction ${snap.fraction}`);
  t.ok(Math.abs(snap.point[0] - lat) < 1e-7 && Math.abs(snap.point[1] - lon) < 1e-7, 'projected onto the road');
  t.ok(Math.abs(snap.bearing - 90) < 0.1, `bearing ${snap.bearing}`);
  t.equal(snap.reverseArc, -1, 'a one-way road has no reverse arc');
  const seeds = seedsOf(graph, arcCopies, snap);
  t.equal(seeds.sources.length, 1);
  t.equal(seeds.sources[0]!.node, graph.head[snap.arc]);
  t.ok(Math.abs(seeds.sources[0]!.weight - graph.weight[snap.arc]! / 2) <= 1);
  t.equal(seeds.targets[0]!.node, graph.tail[snap.arc]);
  const filtered = snapIndex.snap(lat + 0.0002, lon, { filter: (arc) => arc !== snap.arc })!;
  t.not(filtered.edge, snap.edge, 'the filter hook can rule an arc out');
});
