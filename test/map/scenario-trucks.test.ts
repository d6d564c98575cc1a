import t from 'tap';
import { computeMetric } from '../../src/map/graph/metric.js';
import { dimensionClassOf, type VehicleDimensions } from '../../src/map/profiles/dimension-classes.js';
import { AsciiMap, type AsciiRoutes } from '../helpers/ascii-map.js';

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
