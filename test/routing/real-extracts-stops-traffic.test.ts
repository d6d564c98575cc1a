// Location types and predicted traffic on a real extract (Monaco: tunnels, a motorway-like through road, an
// urban grid), imported once per test run through the shared cache.
import t from 'tap';
import type { OperationContext } from '../../src/operations/operation.js';
import { ArcFlag } from '../../src/map/arc-flags.js';
import { routingMap } from '../../src/routing/load/request-map.js';
import { operation as path } from '../../src/routing/service/path-operation.js';
import { snapStop } from '../../src/routing/query/stop-snap.js';
import { randomInt, seededRandom } from '../helpers/random-graph.js';
import { useRoutingMap } from '../helpers/routing-map.js';
import { sharedData, testCacheDir } from '../helpers/shared-data.js';
import { matrixAnswer } from '../helpers/matrix-answer.js';

const context: OperationContext = { signal: new AbortController().signal, reportProgress: () => undefined };
const monaco = sharedData('osm/monaco.osm.pbf');

function seconds(timespan: string): number {
  const [h, m, s] = timespan.split(':').map(Number) as [number, number, number];
  return h * 3600 + m * 60 + s;
}

function randomPoints(seed: number, count: number): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => `${(43.727 + 0.02 * random()).toFixed(6)},${(7.409 + 0.03 * random()).toFixed(6)}`);
}

const withTraffic = (dateTime: string) => ({ route_with_traffic: true, routing_date_time: dateTime });
const TUESDAY_0815 = '2026-11-17T08:15:00+01:00';
const TUESDAY_0300 = '2026-11-17T03:00:00+01:00';

t.before(async () => {
  if (!monaco.skip) await useRoutingMap(monaco.path, testCacheDir());
});

t.test('on Monaco, on_street and off_street stops never meet the road in a tunnel or on a motorway-like road', { skip: monaco.skip }, async (t) => {
  const router = routingMap().router('auto');
  const metric = await router.metric({});
  let unsafeSnaps = 0, moved = 0;
  for (const [index, text] of randomPoints(11, 400).entries()) {
    const [lat, lon] = text.split(',').map(Number) as [number, number];
    const type = index % 2 ? 'on_street' : 'off_street';
    const plain = snapStop(router, { location: { lat, lon } }, metric);
    const typed = snapStop(router, { location: { lat, lon }, type }, metric);
    if (!plain || !typed) continue;
    const flags = router.graph.arcFlags[typed.candidate.arc]!;
    if (typed.unsafe) unsafeSnaps++;
    else if (!(flags & ArcFlag.SafeToStop) || flags & (ArcFlag.Tunnel | ArcFlag.MotorwayLike)) t.fail(`${type} ${text} snapped onto an unsafe road`);
    if (typed.candidate.edge !== plain.candidate.edge) moved++;
  }
  t.ok(moved > 0, `${moved} of 400 points moved off a forbidden nearest road`);
  t.ok(unsafeSnaps < 20, `${unsafeSnaps} flagged no_safe_route`);
});

t.test('on Monaco, a vehicle stop always starts in the direction of its heading', { skip: monaco.skip }, async (t) => {
  const router = routingMap().router('auto');
  const metric = await router.metric({});
  const random = seededRandom(12);
  let checked = 0;
  for (const text of randomPoints(12, 300)) {
    const [lat, lon] = text.split(',').map(Number) as [number, number];
    const heading = Math.floor(random() * 360);
    const stop = snapStop(router, { location: { lat, lon }, type: 'vehicle', heading }, metric);
    if (!stop) continue;
    const difference = Math.abs(((stop.candidate.bearing - heading) % 360 + 540) % 360 - 180);
    const reverse = stop.candidate.reverseArc >= 0;
    if (difference > 90 && !reverse) t.fail(`${text} heading ${heading}: starts at bearing ${stop.candidate.bearing}`);
    checked++;
  }
  t.ok(checked > 250, `${checked} vehicle stops checked`);
});

t.test('on Monaco, Tuesday 08:15 is slower than 03:00 and some routes change', { skip: monaco.skip }, async (t) => {
  const points = randomPoints(13, 120);
  const pairs = Array.from({ length: 60 }, (_, i) => [points[2 * i]!, points[2 * i + 1]!] as const);
  const run = (dateTime: string) => path.run(path.validate({
    routes: pairs.map(([from, to]) => ({ routing_options: withTraffic(dateTime), stops: [{ location: from }, { location: to }] })),
  }), context);
  const [night, rush] = [await run(TUESDAY_0300), await run(TUESDAY_0815)];
  let slower = 0, rerouted = 0, compared = 0;
  night.routes.forEach((route, i) => {
    const other = rush.routes[i]!;
    if (route.error || other.error) return;
    compared++;
    const [free, busy] = [seconds(route.driving_time!), seconds(other.driving_time!)];
    if (busy + 1 < free) t.fail(`${pairs[i]!.join(' → ')}: ${other.driving_time} at rush hour, ${route.driving_time} at night`);
    if (busy > free) slower++;
    if (Math.abs(route.distance_meters! - other.distance_meters!) > 1) rerouted++;
  });
  t.ok(slower > compared * 0.8, `${slower} of ${compared} routes slower at 08:15`);
  t.ok(rerouted > 0, `${rerouted} of ${compared} routes take other roads at 08:15`);
});

t.test('on Monaco, the matrix under traffic equals single paths under traffic', { skip: monaco.skip }, async (t) => {
  const points = randomPoints(14, 25);
  const random = seededRandom(14);
  const cells = await matrixAnswer({ sources: points, routing_options: withTraffic(TUESDAY_0815) });
  const pairs = Array.from({ length: 150 }, () => [randomInt(random, points.length), randomInt(random, points.length)] as const);
  const answer = await path.run(path.validate({
    routes: pairs.map(([s, d]) => ({ routing_options: withTraffic(TUESDAY_0815), stops: [{ location: points[s] }, { location: points[d] }] })),
  }), context);
  answer.routes.forEach((route, i) => {
    const [s, d] = pairs[i]!;
    const duration = cells.durations[s]![d]!, distance = cells.distances[s]![d]!;
    if (route.error) {
      t.equal(duration, null, `${points[s]} → ${points[d]} has no path and no matrix cell`);
      return;
    }
    // The path's time is written in whole seconds.
    if (Math.abs(duration - seconds(route.driving_time!)) > 0.5 || Math.abs(distance - route.distance_meters!) > 0.01) {
      t.fail(`${points[s]} → ${points[d]}: matrix ${duration} s ${distance} m, path ${route.driving_time} ${route.distance_meters} m`);
    }
  });
  t.pass(`${pairs.length} pairs compared`);
});
