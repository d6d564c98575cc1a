import polyline from '@mapbox/polyline';
import t from 'tap';
import type { OperationContext } from '../../src/operations/operation.js';
import { operation as path, type PathResponse } from '../../src/routing/service/path-operation.js';
import { AsciiMap } from '../helpers/ascii-map.js';
import { at, useAsciiRoutingMap } from '../helpers/routing-map.js';

const context: OperationContext = { signal: new AbortController().signal, reportProgress: () => undefined };

// A one-way street (c→f), a no-left-turn and an island out of reach of the rest.
const drawing = `
a---b---c
|   |   |
d---e---f


                        y---z
`;
const town = new AsciiMap(drawing)
  .way('abc', { highway: 'residential' })
  .way('cf', { highway: 'residential', oneway: 'yes' })
  .way('fed', { highway: 'residential' })
  .way('da', { highway: 'residential' })
  .way('be', { highway: 'secondary' })
  .restriction('no_left_turn', 'be', 'e', 'fed')
  .way('yz', { highway: 'residential' });

async function runPath(body: unknown): Promise<PathResponse> {
  return path.run(path.validate(body), context);
}

function between(a: string, b: string, share: number): string {
  const [lat1, lon1] = town.location(a), [lat2, lon2] = town.location(b);
  return `${(lat1 + share * (lat2 - lat1)).toFixed(7)},${(lon1 + share * (lon2 - lon1)).toFixed(7)}`;
}

t.before(async () => {
  await useAsciiRoutingMap(town);
});

t.test('every leg takes the time and distance of the edge-based reference Dijkstra route between the same points', async (t) => {
  const reference = await town.load();
  const names = ['a', 'b', 'c', 'd', 'e', 'f'];
  for (const from of names) {
    for (const to of names) {
      const expected = reference.turnRoute(from, to)!;
      const answer = await runPath({ routes: [{ stops: [{ location: at(town, from) }, { location: at(town, to) }] }] });
      const stop = answer.routes[0]!.stops![1]!;
      const [h, m, s] = stop.time_to.split(':').map(Number) as [number, number, number];
      t.ok(Math.abs(h * 3600 + m * 60 + s - expected.seconds) <= 0.5, `${from}→${to}: ${stop.time_to} vs ${expected.seconds.toFixed(1)} s`);
      t.ok(Math.abs(stop.distance_to_meters - expected.meters) < 0.05, `${from}→${to}: ${stop.distance_to_meters} vs ${expected.meters.toFixed(2)} m`);
    }
  }
});

t.test('a one-way street is never driven against its direction, and a banned turn is not taken', async (t) => {
  const answer = await runPath({ routes: [
    { stops: [{ location: at(town, 'c') }, { location: at(town, 'f') }] },
    { stops: [{ location: at(town, 'f') }, { location: at(town, 'c') }] },
    { stops: [{ location: between('b', 'e', 0.5) }, { location: between('e', 'd', 0.5) }] },
  ] });
  const [with_, against, turn] = answer.routes.map((route) => route.distance_meters!);
  t.ok(Math.abs(with_! - 200) < 1, `c→f along the one-way: ${with_} m`);
  t.ok(against! > 600, `f→c goes around: ${against} m`);
  t.ok(turn! > 300, `no left turn from be into ed: ${turn} m instead of 300`);
});

t.test('two stops on the same street are joined along it, from point to point', async (t) => {
  const answer = await runPath({ routes: [{ stops: [{ location: between('a', 'b', 0.25) }, { location: between('a', 'b', 0.75) }, { location: between('a', 'b', 0.25) }] }] });
  const [, forward, back] = answer.routes[0]!.stops!;
  t.ok(Math.abs(forward!.distance_to_meters - 200) < 1, `${forward!.distance_to_meters} m`);
  t.ok(Math.abs(back!.distance_to_meters - 200) < 1, `and back on the two-way street: ${back!.distance_to_meters} m`);
});

t.test('the path of a leg runs from the snapped previous stop to the snapped stop, and its polyline decodes to it', async (t) => {
  const stops = [{ location: between('a', 'b', 0.5) }, { location: between('e', 'f', 0.5) }];
  const json = await runPath({ routes: [{ stops, routing_options: { return_path: true } }] });
  const encoded = await runPath({ path_encoding: 'encoded_polyline', routes: [{ stops, routing_options: { return_path: 'true' } }] });
  const [first, second] = json.routes[0]!.stops!;
  t.same(first!.path_to_stop, [], 'the first stop has no path to it');
  const points = second!.path_to_stop!;
  t.equal(points[0], first!.snapped_location, 'starts at the snapped previous stop');
  t.equal(points[points.length - 1], second!.snapped_location, 'ends at the snapped stop');
  t.ok(points.length >= 4, `follows the streets: ${points.join(' ')}`);
  const decoded = polyline.decode(encoded.routes[0]!.stops![1]!.path_to_stop_enc!, 5);
  t.same(decoded, points.map((point) => point.split(',').map((v) => Math.round(Number(v) * 1e5) / 1e5)));
  t.equal(encoded.routes[0]!.stops![1]!.path_to_stop, undefined, 'one form only');
  t.equal(json.routes[0]!.stops![1]!.path_to_stop_enc, undefined);
});

t.test('arrival datetimes count from routing_date_time and are written in its offset', async (t) => {
  const answer = await runPath({ routes: [{
    id: 'r1',
    routing_options: { routing_date_time: '2026-03-10T23:59:30+02:00' },
    stops: [{ location: at(town, 'a') }, { location: at(town, 'c') }, { location: at(town, 'f') }],
  }] });
  const route = answer.routes[0]!;
  t.equal(route.id, 'r1');
  t.equal(route.stops![0]!.arrival_datetime, '2026-03-10T23:59:30+02:00');
  t.match(route.stops![2]!.arrival_datetime, /^2026-03-11T00:0\d:\d\d\+02:00$/, 'crosses midnight in the request offset');
  t.equal(route.stops![0]!.time_to, '00:00:00');
  t.equal(route.stops![0]!.distance_to_meters, 0);
  t.ok(Math.abs(route.distance_meters! - 1000) < 5, `${route.distance_meters} m`);
});

t.test('without routing_date_time a route starts now, in UTC', async (t) => {
  const before = Date.now();
  const answer = await runPath({ routes: [{ stops: [{ location: at(town, 'a') }] }] });
  const arrival = answer.routes[0]!.stops![0]!.arrival_datetime;
  t.match(arrival, /Z$/);
  t.ok(Math.abs(Date.parse(arrival) - before) < 5000, arrival);
});

t.test('a route that cannot be calculated gets its error while the others answer', async (t) => {
  const answer = await runPath({ routes: [
    { id: 'far', stops: [{ location: at(town, 'a') }, { location: '48.5,3.2' }] },
    { id: 'island', stops: [{ location: at(town, 'a') }, { location: at(town, 'y') }] },
    { id: 'fine', stops: [{ location: at(town, 'a') }, { location: at(town, 'b') }] },
  ] });
  const [far, island, fine] = answer.routes;
  t.equal(far!.id, 'far');
  t.equal(far!.error?.error_code, 'validation_failed_error');
  t.equal(far!.error?.errors?.[0]?.property, 'request.routes[0].stops[1].location');
  t.equal(far!.stops, undefined);
  t.equal(island!.error?.errors?.[0]?.property, 'request.routes[1].stops[1]');
  t.match(island!.error?.message, /1 validation error/);
  t.equal(fine!.error, undefined);
  t.ok(Math.abs(fine!.distance_meters! - 400) < 1);
});

t.test('quoted booleans and numbers are accepted', async (t) => {
  const request = path.validate({ routes: [{ stops: [{ location: at(town, 'a'), type: 'vehicle', heading: '90' }],
    routing_options: { return_path: 'TRUE', route_with_traffic: 'false' }, vehicle: { vehicle_type: 'truck', height_meters: '3.9' } }] });
  const route = request.routes[0]!;
  t.equal(route.returnPath, true);
  t.equal(route.options.routeWithTraffic, false);
  t.equal(route.stops[0]!.heading, 90);
  t.equal(route.vehicle.heightMeters, 3.9);
});

t.test('every fault of a request is reported with its property path', async (t) => {
  const errors = (body: unknown): { property: string; code: string; attempted_value?: unknown }[] => {
    try {
      path.validate(body);
    } catch (error) {
      return (error as { errors: { property: string; code: string }[] }).errors;
    }
    return [];
  };
  const faults = (body: unknown) => errors(body).map(({ property, code }) => ({ property, code }));
  t.same(faults({}), [{ property: 'request.routes', code: 'missing_field_error' }]);
  t.same(faults({ routes: null }), [{ property: 'request.routes', code: 'null_value_error' }]);
  t.same(faults({ routes: 'x' }), [{ property: 'request.routes', code: 'invalid_type_error' }]);
  const crowded = { stops: Array.from({ length: 1000 }, () => ({ location: '1,1' })) };
  const tooMany = errors({ routes: Array.from({ length: 21 }, () => crowded) });
  t.same(tooMany.map(({ property, code }) => ({ property, code })), [{ property: 'request.routes', code: 'too_many_items_error' }]);
  t.equal(tooMany[0]!.attempted_value, undefined, 'an oversized request is not echoed back');
  t.same(faults({ path_encoding: 'geojson', routes: [
    { stops: [{ location: '1,1' }, { location: '91,1' }, {}, null, { location: '1,1', heading: 360, type: 'parked' }] },
    { stops: [], routing_options: { routing_date_time: 'tomorrow', return_path: 'maybe' }, vehicle: { vehicle_type: 'bike', weight_tonnes: -1, width_meters: 'wide', axle_load_tonnes: 0 } },
  ] }), [
    // The published schema's faults first, then the formats it cannot check.
    { property: 'request.path_encoding', code: 'invalid_enum_value_error' },
    { property: 'request.routes[0].stops[2].location', code: 'missing_field_error' },
    { property: 'request.routes[0].stops[3]', code: 'null_value_error' },
    { property: 'request.routes[0].stops[4].type', code: 'invalid_enum_value_error' },
    { property: 'request.routes[0].stops[4].heading', code: 'value_out_of_range_error' },
    { property: 'request.routes[1].routing_options.return_path', code: 'invalid_type_error' },
    { property: 'request.routes[1].vehicle.vehicle_type', code: 'invalid_enum_value_error' },
    { property: 'request.routes[1].vehicle.weight_tonnes', code: 'value_out_of_range_error' },
    { property: 'request.routes[1].vehicle.width_meters', code: 'invalid_type_error' },
    { property: 'request.routes[1].vehicle.axle_load_tonnes', code: 'value_out_of_range_error' },
    { property: 'request.routes[0].stops[1].location', code: 'invalid_latlon_error' },
    { property: 'request.routes[1].routing_options.routing_date_time', code: 'invalid_date_error' },
  ]);
  t.same(faults({ routes: [{ stops: [{ location: '1,1' }], vehicle: { driving_speed_percentage: 1e-300 } }] }), [
    { property: 'request.routes[0].vehicle.driving_speed_percentage', code: 'value_out_of_range_error' },
  ], 'a vanishing speed would stretch arrival times past any writable date');
});

t.test('continue_straight leaves a via stop ahead and turns back at the nearest legal place, not at the stop', async (t) => {
  // a → middle of a–b (driving east) → a quarter of a–b, behind the via stop.
  const stops = [{ location: at(town, 'a') }, { location: between('a', 'b', 0.5) }, { location: between('a', 'b', 0.25) }];
  const turnAround = await runPath({ routes: [{ routing_options: { continue_straight: false }, stops }] });
  t.ok(Math.abs(turnAround.routes[0]!.stops![2]!.distance_to_meters - 100) < 1, 'back along the street from the stop');
  const straight = await runPath({ routes: [{ routing_options: { continue_straight: true }, stops }] });
  // On east to b and c, down the one-way to f, west to e, up to b and west to the stop: 1700 m.
  const leg = straight.routes[0]!.stops![2]!.distance_to_meters;
  t.ok(Math.abs(leg - 1700) < 10, `round the block: ${leg} m`);
});

t.test('continue_straight defaults to true for trucks and false for cars', async (t) => {
  const stops = [{ location: at(town, 'a') }, { location: at(town, 'b') }];
  const request = path.validate({ routes: [{ vehicle: { vehicle_type: 'truck' }, stops }, { stops }, { routing_options: { continue_straight: 'true' }, stops }] });
  t.same(request.routes.map((route) => route.continueStraight), [true, false, true]);
});
