import t from 'tap';
import { ArcFlag } from '../../src/map/arc-flags.js';
import { AsciiMap } from '../helpers/ascii-map.js';

// The ferry b–c is 600 m; the road around is 1400 m.
const crossing = `
a-b     c-d
  |     |
  |     |
  |     |
  e-----f
`;

function harbour(ferry: Record<string, string>): AsciiMap {
  return new AsciiMap(crossing)
    .way('ab', { highway: 'primary' }).way('cd', { highway: 'primary' })
    .way('bc', { route: 'ferry', ...ferry })
    .way('be', { highway: 'primary' }).way('ef', { highway: 'primary' }).way('fc', { highway: 'primary' });
}

t.test('a ferry takes its tagged duration', async (t) => {
  const slow = await harbour({ duration: '00:30' }).load();
  t.equal(slow.route('a', 'd')?.nodes, 'abefcd', 'a 30-minute crossing loses to the road');
  const quick = await harbour({ duration: 'PT1M' }).load();
  const route = quick.route('a', 'd');
  t.equal(route?.nodes, 'abcd');
  const roadSeconds = 400 / (65 / 3.6);
  t.ok(route && Math.abs(route.seconds - 60 - roadSeconds) < 1, `60 s on board plus the roads (${route?.seconds})`);
});

t.test('a ferry without duration runs at 5 km/h, and one closed to cars is not used', async (t) => {
  const untimed = await harbour({}).load();
  t.equal(untimed.route('a', 'd')?.nodes, 'abefcd', 'at 5 km/h the road is faster');
  const { graph } = untimed.map;
  const ferry = Array.from({ length: graph.arcCount }, (_, a) => a).find((a) => graph.arcFlags[a]! & ArcFlag.Ferry)!;
  t.ok(Math.abs(graph.durationMs[ferry]! / 1000 - graph.distance[ferry]! / 100 / (5 / 3.6)) < 1, 'ferry speed 5 km/h');
  const closed = await harbour({ duration: 'PT1M', motorcar: 'no' }).load();
  t.equal(closed.route('a', 'd')?.nodes, 'abefcd');
});

t.test('motorway links join the motorway and are flagged as links where stopping is unsafe', async (t) => {
  const map = await new AsciiMap(`
a-----b-----c
       \\
        d
        |
        e
`).way('abc', { highway: 'motorway' }).way('bd', { highway: 'motorway_link', oneway: 'yes' })
    .way('de', { highway: 'residential' }).load();
  const route = map.route('a', 'e');
  t.equal(route?.nodes, 'abde');
  t.equal(route?.ways, 'abc,bd,de');
  t.equal(map.route('e', 'a'), null, 'the link is one-way and the motorway too');
  const { graph } = map.map;
  const linkArc = Array.from({ length: graph.arcCount }, (_, a) => a).find((a) => graph.names[graph.edgeNameId[graph.arcEdge[a]!]!] === 'bd')!;
  t.ok(graph.arcFlags[linkArc]! & ArcFlag.Link && graph.arcFlags[linkArc]! & ArcFlag.MotorwayLike);
  t.notOk(graph.arcFlags[linkArc]! & ArcFlag.SafeToStop);
});
