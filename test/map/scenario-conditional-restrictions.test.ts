// restriction:conditional on the edge-based graph: a time condition closes the turn in the hours it names
// (metric of an hour of the week, hour 0 = Monday 00:00); a condition on the vehicle's weight or size binds
// every truck and no car.
import t, { type Test } from 'tap';
import { computeMetric } from '../../src/map/graph/metric.js';
import type { ProfileName } from '../../src/map/profiles/index.js';
import { AsciiMap, type AsciiRoute, type AsciiRoutes } from '../helpers/ascii-map.js';

const residential = { highway: 'residential' };
const MONDAY = 0, SATURDAY = 5;

/** The drawn grid is metres on a plane; the import measures on the sphere, a few metres apart per km. */
function routeIs(t: Test, route: AsciiRoute | null, nodes: string, ways: string, meters: number): void {
  t.equal(route?.nodes, nodes);
  t.equal(route?.ways, ways);
  t.ok(route && Math.abs(route.meters - meters) < meters * 0.005, `${route?.meters.toFixed(1)} m, drawn ${meters} m`);
}

// From s the left turn at x into w is the short way; without it the route turns back at the dead end n.
const cross = `
    n

w---x---e

    s
`;

async function crossWith(condition: string, profile: ProfileName = 'auto'): Promise<AsciiRoutes> {
  return new AsciiMap(cross)
    .way('sx', residential).way('xn', residential).way('wx', residential).way('xe', residential)
    .restriction({ 'restriction:conditional': `no_left_turn @ (${condition})` }, 'sx', 'x', 'wx')
    .load(profile);
}

function routeAt(map: AsciiRoutes, day: number, hour: number): AsciiRoute | null {
  return map.turnRoute('s', 'w', 'right', computeMetric(map.map.graph, { hourOfWeek: day * 24 + hour }).weight);
}

const turnsLeft = (t: Test, route: AsciiRoute | null) => routeIs(t, route, 'sxw', 'sx,wx', 600);
const turnsBack = (t: Test, route: AsciiRoute | null) => routeIs(t, route, 'sxnxw', 'sx,xn,wx', 1000);

t.test('a turn forbidden Mo-Fr 07:00-09:00 is refused at 08:00 on a Monday and allowed at 12:00', async (t) => {
  const map = await crossWith('Mo-Fr 07:00-09:00');
  t.test('Monday 08:00', async (t) => turnsBack(t, routeAt(map, MONDAY, 8)));
  t.test('Monday 12:00', async (t) => turnsLeft(t, routeAt(map, MONDAY, 12)));
  t.test('Saturday 08:00', async (t) => turnsLeft(t, routeAt(map, SATURDAY, 8)));
  t.test('with no time given (the map\'s own metric)', async (t) => turnsLeft(t, map.turnRoute('s', 'w')));
});

t.test('several time ranges, and one running past midnight', async (t) => {
  const rush = await crossWith('Mo-Fr 07:00-09:00,16:00-18:30');
  turnsBack(t, routeAt(rush, MONDAY, 18));
  turnsLeft(t, routeAt(rush, MONDAY, 19));
  const night = await crossWith('22:00-06:00');
  turnsBack(t, routeAt(night, SATURDAY, 23));
  turnsBack(t, routeAt(night, SATURDAY + 1, 3));
  turnsLeft(t, routeAt(night, SATURDAY, 12));
});

t.test('a condition on weight binds trucks at every hour and never cars', async (t) => {
  turnsBack(t, routeAt(await crossWith('weight > 7.5', 'truck'), MONDAY, 12));
  turnsLeft(t, routeAt(await crossWith('weight > 7.5', 'auto'), MONDAY, 12));
  turnsBack(t, routeAt(await crossWith('hgv', 'truck'), SATURDAY, 3));
});

t.test('a condition that cannot be read is ignored and counted', async (t) => {
  const map = await crossWith('wet');
  t.equal(map.map.summary.restrictionsIgnored, 1);
  turnsLeft(t, routeAt(map, MONDAY, 8));
});
