import t, { type Test } from 'tap';
import { computeMetric } from '../../src/map/graph/metric.js';
import { dimensionClassOf, type VehicleDimensions } from '../../src/map/profiles/dimension-classes.js';
import { AsciiMap, type AsciiRoute, type AsciiRoutes } from '../helpers/ascii-map.js';

const square = `
a---b
|   |
c---d
`;

async function squareWith(tags: Record<string, string>, profile: 'auto' | 'truck' = 'truck'): Promise<AsciiRoutes> {
  return new AsciiMap(square)
    .way('ab', { highway: 'residential', ...tags })
    .way('ac', { highway: 'residential' }).way('cd', { highway: 'residential' }).way('db', { highway: 'residential' })
    .load(profile);
}

function routeFor(map: AsciiRoutes, vehicle: VehicleDimensions): string | undefined {
  const metric = computeMetric(map.map.graph, { dimensionClass: dimensionClassOf(vehicle) });
  return map.route('a', 'b', metric.weight)?.nodes;
}

t.test('a truck taller than a maxheight goes around; a lower one passes', async (t) => {
  const map = await squareWith({ maxheight: '3.5' });
  t.equal(routeFor(map, { heightMeters: 4 }), 'acdb');
  t.equal(routeFor(map, { heightMeters: 3.4 }), 'ab');
  t.equal(routeFor(map, {}), 'ab', 'without a height nothing is checked');
});

t.test('a truck heavier than a maxweight goes around', async (t) => {
  const map = await squareWith({ maxweight: '7.5' });
  t.equal(routeFor(map, { weightTonnes: 12 }), 'acdb');
  t.equal(routeFor(map, { weightTonnes: 7.5 }), 'ab');
});

t.test('hgv=no keeps heavy trucks out but lets vans through', async (t) => {
  const map = await squareWith({ hgv: 'no' });
  t.equal(routeFor(map, { weightTonnes: 40 }), 'acdb');
  t.equal(routeFor(map, { weightTonnes: 3 }), 'ab');
  t.equal(routeFor(map, {}), 'acdb', 'a truck of unknown weight counts as heavy');
  t.equal(map.route('a', 'b')?.nodes, 'acdb', "and the truck graph's own metric is that of such a truck");
});

t.test('hgv=yes opens a road closed to other motor vehicles to trucks only', async (t) => {
  t.equal((await squareWith({ motor_vehicle: 'no', hgv: 'yes' })).route('a', 'b')?.nodes, 'ab');
  t.equal((await squareWith({ motor_vehicle: 'no', hgv: 'yes' }, 'auto')).route('a', 'b')?.nodes, 'acdb');
});

t.test('cars ignore truck limits except a height they cannot clear', async (t) => {
  t.equal((await squareWith({ maxweight: '3', hgv: 'no', maxheight: '2.5' }, 'auto')).route('a', 'b')?.nodes, 'ab');
  t.equal((await squareWith({ maxheight: '1.8' }, 'auto')).route('a', 'b')?.nodes, 'acdb');
});

t.test('trucks drive slower than cars on fast roads', async (t) => {
  const road = new AsciiMap('a---------b').way('ab', { highway: 'motorway', oneway: 'no' });
  const car = (await road.load('auto')).route('a', 'b')!;
  const truck = (await road.load('truck')).route('a', 'b')!;
  t.ok(Math.abs(car.seconds - car.meters / (90 / 3.6)) < 0.5);
  t.ok(Math.abs(truck.seconds - truck.meters / (80 / 3.6)) < 0.5);
});

t.test('a height restrictor drawn as a node limits the road it stands on', async (t) => {
  const road = (height: string) => new AsciiMap(`
a-x-b
|   |
c---d
`).way('axb', { highway: 'residential' }).way('ac', { highway: 'residential' }).way('cd', { highway: 'residential' })
    .way('db', { highway: 'residential' }).node('x', { barrier: 'height_restrictor', maxheight: height });
  const trucks = await road('3.0').load('truck');
  const nodes = (vehicle: VehicleDimensions) => trucks.route('a', 'b', computeMetric(trucks.map.graph, { dimensionClass: dimensionClassOf(vehicle) }).weight)?.nodes;
  t.equal(nodes({ heightMeters: 4 }), 'acdb');
  t.equal(nodes({ heightMeters: 2.8 }), 'axb');
  t.equal((await road('1.9').load('auto')).route('a', 'b')?.nodes, 'acdb', 'too low for a car');
  t.equal((await road('2.2').load('auto')).route('a', 'b')?.nodes, 'axb');
});

/** The route the service would answer a truck of these dimensions: the turn graph under its class's metric. */
function truckRoute(map: AsciiRoutes, vehicle: VehicleDimensions): AsciiRoute | null {
  return map.turnRoute('a', 'b', 'right', computeMetric(map.map.graph, { dimensionClass: dimensionClassOf(vehicle) }).weight);
}

/** The drawn grid is metres on a plane; the import measures on the sphere, a few metres apart per km. */
function takes(t: Test, route: AsciiRoute | null, ways: string, meters: number): void {
  t.equal(route?.ways, ways);
  t.ok(route && Math.abs(route.meters - meters) < meters * 0.005, `${route?.meters.toFixed(1)} m, drawn ${meters} m`);
}

const sizeLimits: { tags: Record<string, string>; tooBig: VehicleDimensions; fits: VehicleDimensions }[] = [
  { tags: { maxwidth: '2.3' }, tooBig: { widthMeters: 2.55 }, fits: { widthMeters: 2.1 } },
  { tags: { 'maxwidth:physical': '2.3' }, tooBig: { widthMeters: 2.55 }, fits: { widthMeters: 2.2 } },
  { tags: { maxlength: '12' }, tooBig: { lengthMeters: 16.5 }, fits: { lengthMeters: 11.9 } },
  { tags: { maxlength: '10 m' }, tooBig: { lengthMeters: 10.5 }, fits: { lengthMeters: 8 } },
  { tags: { maxaxleload: '10' }, tooBig: { axleLoadTonnes: 11.5 }, fits: { axleLoadTonnes: 9 } },
  { tags: { maxaxleload: '8 t' }, tooBig: { axleLoadTonnes: 10, widthMeters: 2.55 }, fits: { axleLoadTonnes: 8, lengthMeters: 18 } },
  { tags: { 'maxlength:conditional': '12 @ (Mo-Fr 06:00-20:00)' }, tooBig: { lengthMeters: 16.5 }, fits: { lengthMeters: 12 } },
  { tags: { 'maxweight:conditional': 'none @ delivery; 7.5 @ (22:00-06:00)' }, tooBig: { weightTonnes: 12 }, fits: { weightTonnes: 7 } },
];

t.test('a truck too wide, too long or too heavy per axle goes round; a smaller truck and a car do not', async (t) => {
  for (const { tags, tooBig, fits } of sizeLimits) {
    t.test(JSON.stringify(tags), async (t) => {
      const map = await squareWith(tags);
      takes(t, truckRoute(map, tooBig), 'ac,cd,db', 800);
      takes(t, truckRoute(map, fits), 'ab', 400);
      takes(t, truckRoute(map, {}), 'ab', 400);
      takes(t, (await squareWith(tags, 'auto')).turnRoute('a', 'b'), 'ab', 400);
    });
  }
});

// From s to t straight along a–b (640 m) or round by c–d (660 m and two right turns, the signed truck route).
const bypass = `
s-a${'-'.repeat(59)}b-t
  c${'-'.repeat(59)}d
`;

t.test('a truck prefers an hgv=designated road a little longer; a car takes the shorter one', async (t) => {
  const scenario = new AsciiMap(bypass, 10)
    .way('sabt', { highway: 'residential' }).way('acdb', { highway: 'residential', hgv: 'designated' });
  const routeBy = async (profile: 'auto' | 'truck') => (await scenario.load(profile)).turnRoute('s', 't');
  const truck = await routeBy('truck'), car = await routeBy('auto');
  t.equal(truck?.ways, 'sabt,acdb,sabt');
  t.ok(truck && Math.abs(truck.meters - 660) < 4, `${truck?.meters.toFixed(1)} m, drawn 660 m`);
  t.equal(car?.ways, 'sabt');
  t.ok(car && Math.abs(car.meters - 640) < 4, `${car?.meters.toFixed(1)} m, drawn 640 m`);
  t.ok(truck && truck.seconds > truck.meters / (20 / 3.6), 'the truck is timed as driven, without the preference');
});
