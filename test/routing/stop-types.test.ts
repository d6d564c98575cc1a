// Location types, heading, intersection and no_safe_route on hand-drawn maps, through /v1/path and /v1/matrix.
import t from 'tap';
import type { OperationContext } from '../../src/operations/operation.js';
import { haversineMeters } from '../../src/map/geo.js';
import { operation as matrix } from '../../src/routing/service/matrix-operation.js';
import { operation as path, type PathResponse } from '../../src/routing/service/path-operation.js';
import { PARKING_KMH } from '../../src/routing/query/stop-snap.js';
import { AsciiMap } from '../helpers/ascii-map.js';
import { at, useAsciiRoutingMap } from '../helpers/routing-map.js';
import { matrixAnswer } from '../helpers/matrix-answer.js';

const context: OperationContext = { signal: new AbortController().signal, reportProgress: () => undefined };

function seconds(timespan: string): number {
  const [h, m, s] = timespan.split(':').map(Number) as [number, number, number];
  return h * 3600 + m * 60 + s;
}

async function runPath(body: unknown): Promise<PathResponse> {
  return path.run(path.validate(body), context);
}

function latlon(text: string): [number, number] {
  const [lat, lon] = text.split(',').map(Number) as [number, number];
  return [lat, lon];
}

/** Whether a reported location lies on the grid row of a drawn node (the row its way runs along). */
function onRow(scenario: AsciiMap, location: string, node: string): boolean {
  return Math.abs(latlon(location)[0] - scenario.location(node)[0]) < 1e-6;
}

// A motorway (one-way east, a→b) and a residential street (c–d) 60 m south of it; x lies 20 m from the
// motorway and 40 m from the street. The two meet at the ends through residential links.
const between = new AsciiMap(`
a---------b
    x

c---------d
`, 20)
  .way('ab', { highway: 'motorway' })
  .way('cd', { highway: 'residential' })
  .way('ca', { highway: 'residential' })
  .way('bd', { highway: 'residential' });

t.test('between a motorway and a residential street', async (t) => {
  await useAsciiRoutingMap(between);
  const x = at(between, 'x');
  const to = { location: at(between, 'd') };
  const snappedTo = async (stop: Record<string, unknown>) => (await runPath({ routes: [{ stops: [stop, to] }] })).routes[0]!;

  t.test('with no type a point snaps to the nearest road, the motorway', async (t) => {
    const route = await snappedTo({ location: x });
    t.ok(onRow(between, route.stops![0]!.snapped_location, 'a'), route.stops![0]!.snapped_location);
    t.notOk(route.stops![0]!.violations);
  });

  t.test('on_street moves the stop onto the residential street, where stopping is safe', async (t) => {
    const route = await snappedTo({ location: x, type: 'on_street' });
    t.ok(onRow(between, route.stops![0]!.snapped_location, 'c'), route.stops![0]!.snapped_location);
    t.notOk(route.stops![0]!.violations);
  });

  t.test('off_street reaches the residential street and counts the way from the point to it', async (t) => {
    const onStreet = await snappedTo({ location: x, type: 'on_street' });
    const offStreet = await snappedTo({ location: x, type: 'off_street' });
    t.ok(haversineMeters(...latlon(offStreet.stops![0]!.location), ...between.location('x')) < 0.5, 'the stop reports its own location');
    t.ok(onRow(between, offStreet.stops![0]!.snapped_location, 'c'), 'and where it meets the street');
    const connection = 40;
    t.ok(Math.abs(offStreet.distance_meters! - onStreet.distance_meters! - connection) < 0.5,
      `${offStreet.distance_meters} m vs ${onStreet.distance_meters} m on the street`);
    const expectedSeconds = (connection * 3.6) / PARKING_KMH;
    t.ok(Math.abs(seconds(offStreet.driving_time!) - seconds(onStreet.driving_time!) - expectedSeconds) <= 1,
      `${offStreet.driving_time} vs ${onStreet.driving_time}`);
    const [withPath] = (await runPath({ routes: [{ routing_options: { return_path: true }, stops: [{ location: x, type: 'off_street' }, to] }] })).routes;
    const geometry = withPath!.stops![1]!.path_to_stop!;
    t.equal(geometry[0], withPath!.stops![0]!.location, 'the path leaves from the off-street point');
    t.ok(onRow(between, geometry[1]!, 'c'), 'and joins the street next');
  });

  t.test('a vehicle heading east takes the motorway; heading west, against the one-way, it takes the street', async (t) => {
    const east = await snappedTo({ location: x, type: 'vehicle', heading: 90 });
    const west = await snappedTo({ location: x, type: 'vehicle', heading: 270 });
    t.ok(onRow(between, east.stops![0]!.snapped_location, 'a'), east.stops![0]!.snapped_location);
    t.ok(onRow(between, west.stops![0]!.snapped_location, 'c'), west.stops![0]!.snapped_location);
  });

  t.test('an intersection overrides the location: the stop is snapped where the driveway meets the street', async (t) => {
    const route = await snappedTo({ location: x, intersection: at(between, 'c') });
    t.ok(haversineMeters(...latlon(route.stops![0]!.snapped_location), ...between.location('c')) < 1, route.stops![0]!.snapped_location);
  });

  t.test('the matrix snaps plain points like untyped stops', async (t) => {
    const answer = await matrixAnswer({ sources: [x], destinations: [to.location] });
    const route = await snappedTo({ location: x });
    t.ok(Math.abs(answer.distances[0]![0]! - route.distance_meters!) < 0.01);
  });
});

// A two-way street running north (n) to south (s), 400 m; v stands 100 m south of n.
const street = new AsciiMap(`
n
v


s
`)
  .way('ns', { highway: 'residential' });

t.test('a vehicle heading north first drives to the north end and turns there; heading south it drives on', async (t) => {
  await useAsciiRoutingMap(street);
  const route = (heading: number) => ({ stops: [{ location: at(street, 'v'), type: 'vehicle', heading }, { location: at(street, 's') }] });
  const answer = await runPath({ routes: [route(0), route(180)] });
  const [north, south] = answer.routes;
  t.ok(Math.abs(south!.distance_meters! - 300) < 1, `heading 180: ${south!.distance_meters} m`);
  t.ok(Math.abs(north!.distance_meters! - 500) < 1, `heading 0: ${north!.distance_meters} m`);
});

// The same street under a cross street w–n–e, with U-turns banned at n: heading north, the vehicle turns at
// the end of the cross street instead.
const crossing = new AsciiMap(`
w---n---e
    v



    s
`)
  .way('wne', { highway: 'residential' })
  .way('nvs', { highway: 'residential' })
  .restriction('no_u_turn', 'nvs', 'n', 'nvs');

t.test('a vehicle heading away from its destination turns around only where it may', async (t) => {
  await useAsciiRoutingMap(crossing);
  const answer = await runPath({ routes: [{ stops: [{ location: at(crossing, 'v'), type: 'vehicle', heading: 0 }, { location: at(crossing, 's') }] }] });
  t.ok(Math.abs(answer.routes[0]!.distance_meters! - 1400) < 5, `north to n, out to a street end and back, south to s: ${answer.routes[0]!.distance_meters} m`);
});

// A residential street (a–b) and a long tunnel (b–c): p lies 300 m from the tunnel, 1,500 m from the street.
const tunnel = new AsciiMap(`
a---b--------c
         p
`, 300)
  .way('ab', { highway: 'residential' })
  .way('bc', { highway: 'residential', tunnel: 'yes' });

t.test('a stop its type can only reach by a forbidden road is routed anyway, with no_safe_route on that stop', async (t) => {
  await useAsciiRoutingMap(tunnel);
  const answer = await runPath({ routes: [
    { stops: [{ location: at(tunnel, 'a') }, { location: at(tunnel, 'p'), type: 'on_street' }] },
    { stops: [{ location: at(tunnel, 'a') }, { location: at(tunnel, 'p') }] },
    { stops: [{ location: at(tunnel, 'a') }, { location: '1.5,1.5', type: 'on_street' }] },
  ] });
  const [unsafe, plain, unreachable] = answer.routes;
  t.notOk(unsafe!.error);
  t.same(unsafe!.stops![1]!.violations, [{ type: 'no_safe_route', data: { amount: 1, limit: 0 } }]);
  t.notOk(unsafe!.stops![0]!.violations, 'only the unsafe stop carries it');
  t.equal(unsafe!.distance_meters, plain!.distance_meters, 'routed as if it had no type');
  t.notOk(plain!.stops![1]!.violations);
  t.equal(unreachable!.error?.errors?.[0]?.parameters?.reason, 'beyond_snap_radius', 'beyond the snap radius is an error');
});
