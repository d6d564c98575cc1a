// Destination-only zones on the edge-based graph (turnRoute): a route never passes through one, but a stop
// inside is reached through it and a route may start inside.
import t, { type Test } from 'tap';
import { AsciiMap, type AsciiRoute } from '../helpers/ascii-map.js';
import { estateMap } from '../helpers/estate-map.js';

const residential = { highway: 'residential' };

/** The drawn grid is metres on a plane; the import measures on the sphere, a few metres apart per km. */
function routeIs(t: Test, route: AsciiRoute | null, nodes: string, ways: string, meters: number): void {
  t.equal(route?.nodes, nodes);
  t.equal(route?.ways, ways);
  t.ok(route && Math.abs(route.meters - meters) < meters * 0.005, `${route?.meters.toFixed(1)} m, drawn ${meters} m`);
}

const zoneKinds: Record<string, string>[] = [
  { access: 'destination' }, { motor_vehicle: 'destination' }, { access: 'delivery' }, { motor_vehicle: 'customers' },
  { access: 'private' }, { motorcar: 'private' },
];

t.test('a through route goes round a destination-only zone, however long the way round', async (t) => {
  for (const zone of zoneKinds) {
    const map = await estateMap(zone).load();
    t.test(JSON.stringify(zone), async (t) => routeIs(t, map.turnRoute('s', 't'), 'sfgt', 'asf,fg,ctg', 1400));
  }
});

t.test('the same streets without the tag are driven through', async (t) => {
  const map = await estateMap({}).load();
  routeIs(t, map.turnRoute('s', 't'), 'saxbyct', 'asf,axb,byc,ctg', 1200);
});

t.test('hgv=destination makes a zone for trucks only', async (t) => {
  const scenario = estateMap({ hgv: 'destination' });
  routeIs(t, (await scenario.load('truck')).turnRoute('s', 't'), 'sfgt', 'asf,fg,ctg', 1400);
  routeIs(t, (await scenario.load('auto')).turnRoute('s', 't'), 'saxbyct', 'asf,axb,byc,ctg', 1200);
});

t.test('a stop inside the zone is reached through it, by the nearest way in', async (t) => {
  const map = await estateMap({ access: 'destination' }).load();
  t.test('from s, in at a', async (t) => routeIs(t, map.turnRoute('s', 'x'), 'sax', 'asf,axb', 400));
  t.test('from s, in at a and across two streets of the zone', async (t) => routeIs(t, map.turnRoute('s', 'y'), 'saxby', 'asf,axb,byc', 800));
  t.test('from t, in at c', async (t) => routeIs(t, map.turnRoute('t', 'x'), 'tcybx', 'ctg,byc,axb', 800));
});

t.test('a route starting inside the zone leaves it by the nearest way out', async (t) => {
  const map = await estateMap({ access: 'destination' }).load();
  t.test('across two streets of the zone', async (t) => routeIs(t, map.turnRoute('x', 't'), 'xbyct', 'axb,byc,ctg', 800));
  t.test('out at a', async (t) => routeIs(t, map.turnRoute('y', 's'), 'ybxas', 'byc,axb,asf', 800));
});

t.test('a route with both ends inside the zone stays inside', async (t) => {
  const map = await estateMap({ access: 'destination' }).load();
  routeIs(t, map.turnRoute('x', 'y'), 'xby', 'axb,byc', 400);
  routeIs(t, map.turnRoute('y', 'x'), 'ybx', 'byc,axb', 400);
});

// Three zones: a–x–b, c–y–d and g–z–h. From x to y the short way runs through the third zone; it may not.
const threeZones = `
a-x-b-------c-y-d
|   |       |   |
|   g---z---h   |
|               |
e---------------f
`;

t.test('a route from one zone to another does not pass through a third', async (t) => {
  const destination = { highway: 'residential', access: 'destination' };
  const map = await new AsciiMap(threeZones)
    .way('axb', destination).way('cyd', destination).way('gzh', destination)
    .way('bg', residential).way('hc', residential).way('ae', residential).way('ef', residential).way('fd', residential)
    .load();
  routeIs(t, map.turnRoute('x', 'y'), 'xaefdy', 'axb,ae,ef,fd,cyd', 2800);
  routeIs(t, map.turnRoute('x', 'z'), 'xbgz', 'axb,bg,gzh', 800);
});
