import { unpack } from 'msgpackr';
import t from 'tap';
import type { OperationContext } from '../../src/operations/operation.js';
import { operation as matrix } from '../../src/routing/service/matrix-operation.js';
import { operation as path } from '../../src/routing/service/path-operation.js';
import { AsciiMap } from '../helpers/ascii-map.js';
import { at, useAsciiRoutingMap } from '../helpers/routing-map.js';
import { matrixAnswer } from '../helpers/matrix-answer.js';

const context: OperationContext = { signal: new AbortController().signal, reportProgress: () => undefined };

// A one-way (b→e), a low bridge on ab and a narrow street bc with weak paving for trucks, and an island (y, z)
// no road reaches.
const town = new AsciiMap(`
a---b---c
|   |   |
d---e---f


                        y---z
`)
  .way('ab', { highway: 'residential', maxheight: '3.5' })
  .way('bc', { highway: 'residential', maxwidth: '2.3', maxaxleload: '10' })
  .way('be', { highway: 'residential', oneway: 'yes' })
  .way('cf', { highway: 'tertiary' })
  .way('def', { highway: 'residential' })
  .way('ad', { highway: 'residential' })
  .way('yz', { highway: 'residential' });

const names = ['a', 'b', 'c', 'd', 'e', 'f', 'y'];
const points = [...names.map((name) => at(town, name)), '1.0004,1.0022'];

function seconds(timespan: string): number {
  const [h, m, s] = timespan.split(':').map(Number) as [number, number, number];
  return h * 3600 + m * 60 + s;
}

t.before(async () => {
  await useAsciiRoutingMap(town, ['auto', 'truck']);
});

t.test('every matrix cell equals the single path between the same points', async (t) => {
  for (const vehicle of [undefined, { vehicle_type: 'truck', height_meters: 4 }, { driving_speed_percentage: 70 }]) {
    const result = await matrixAnswer({ sources: points, ...(vehicle && { vehicle }) });
    const routes = points.flatMap((from) => points.map((to) => ({ stops: [{ location: from }, { location: to }], ...(vehicle && { vehicle }) })));
    const answer = await path.run(path.validate({ routes }), context);
    answer.routes.forEach((route, cell) => {
      const [s, d] = [Math.floor(cell / points.length), cell % points.length];
      const duration = result.durations[s]![d], distance = result.distances[s]![d];
      const label = `${JSON.stringify(vehicle)} ${points[s]} → ${points[d]}`;
      if (route.error) {
        t.equal(duration, null, `${label}: no path, no duration`);
        t.equal(distance, null, `${label}: no path, no distance`);
        return;
      }
      t.equal(duration, seconds(route.driving_time!), `${label}: ${duration} s vs ${route.driving_time}`);
      t.equal(distance, route.distance_meters, `${label}: ${distance} m vs ${route.distance_meters} m`);
    });
  }
});

t.test('a tall truck goes around the low bridge; a car and a low truck pass under it', async (t) => {
  const body = (vehicle?: object) => ({ sources: [at(town, 'a')], destinations: [at(town, 'b')], ...(vehicle && { vehicle }) });
  const car = await matrixAnswer(body());
  const low = await matrixAnswer(body({ vehicle_type: 'truck', height_meters: 3 }));
  const tall = await matrixAnswer(body({ vehicle_type: 'truck', height_meters: '4.1' }));
  t.ok(Math.abs(car.distances[0]![0]! - 400) < 5);
  t.ok(Math.abs(low.distances[0]![0]! - 400) < 5);
  t.ok(tall.distances[0]![0]! > 1000, `around: ${tall.distances[0]![0]} m`);
});

t.test('a truck too wide or too heavy per axle for bc goes round by e and f, on paths as in matrices', async (t) => {
  const [from, to] = [at(town, 'b'), at(town, 'c')];
  for (const vehicle of [{ vehicle_type: 'truck', width_meters: 2.55 }, { vehicle_type: 'truck', axle_load_tonnes: '11.5' }]) {
    const cells = await matrixAnswer({ sources: [from], destinations: [to], vehicle });
    const route = (await path.run(path.validate({ routes: [{ vehicle, stops: [{ location: from }, { location: to }] }] }), context)).routes[0]!;
    t.ok(Math.abs(cells.distances[0]![0]! - 800) < 5, `${JSON.stringify(vehicle)}: round by e and f, ${cells.distances[0]![0]} m`);
    t.equal(route.distance_meters, cells.distances[0]![0]);
  }
  const fits = await matrixAnswer({ sources: [from], destinations: [to], vehicle: { vehicle_type: 'truck', width_meters: 2.2, axle_load_tonnes: 10 } });
  t.ok(Math.abs(fits.distances[0]![0]! - 400) < 5, `a truck that fits drives bc: ${fits.distances[0]![0]} m`);
});

t.test('unreachable pairs and points off the network are null', async (t) => {
  const result = await matrixAnswer({ sources: [at(town, 'a'), '10,10'], destinations: [at(town, 'y'), at(town, 'c')] });
  t.same(result.durations.map((row) => row.map((v) => v === null)), [[true, false], [true, true]]);
  t.same(result.distances.map((row) => row.map((v) => v === null)), [[true, false], [true, true]]);
});

t.test('a client asking for MessagePack with typed rows gets each row as a Float64Array, NaN where JSON has null', async (t) => {
  const cells = await matrix.run(matrix.validate({ sources: [at(town, 'a'), '10,10'], destinations: [at(town, 'y'), at(town, 'c')] }), context);
  const typed = matrix.encode!(cells, 'application/json;q=0.5, application/x-msgpack ; Arrays=Typed')!;
  t.equal(typed.contentType, 'application/x-msgpack; arrays=typed');
  const answer = JSON.parse(new TextDecoder().decode(matrix.encode!(cells, undefined)!.body)) as Record<string, (number | null)[][]>;
  const unpacked = unpack(typed.body) as Record<string, Float64Array[]>;
  for (const table of ['durations', 'distances']) {
    t.ok(unpacked[table]!.every((row) => row instanceof Float64Array), `${table}: typed rows`);
    t.same(unpacked[table]!.map((row) => Array.from(row, (value) => (Number.isNaN(value) ? null : value))), answer[table], `${table}: the JSON's numbers`);
  }
});

t.test('a client asking for MessagePack gets the same object packed, any other client JSON', async (t) => {
  const cells = await matrix.run(matrix.validate({ sources: points.slice(0, 3) }), context);
  const packed = matrix.encode!(cells, 'application/json;q=0.5, application/x-msgpack')!;
  t.equal(packed.contentType, 'application/x-msgpack');
  const json = matrix.encode!(cells, 'application/json')!;
  t.match(json.contentType, /^application\/json/);
  const answer = JSON.parse(new TextDecoder().decode(json.body)) as object;
  t.same(unpack(packed.body), answer);
  t.same(JSON.parse(new TextDecoder().decode(matrix.encode!(cells, undefined)!.body)), answer, 'JSON without Accept');
});

t.test('matrix faults carry their paths', async (t) => {
  try {
    matrix.validate({ sources: ['1,1', 'x'], destinations: 'all', vehicle: { height_meters: 'tall' } });
    t.fail('accepted');
  } catch (error) {
    t.same((error as { errors: { property: string; code: string }[] }).errors.map(({ property, code }) => ({ property, code })), [
      { property: 'request.destinations', code: 'invalid_type_error' },
      { property: 'request.vehicle.height_meters', code: 'invalid_type_error' },
      { property: 'request.sources[1]', code: 'invalid_latlon_error' },
    ]);
  }
});
