// /v1/path and /v1/matrix on the real extracts: each imported (and contracted) once per test run via the shared cache.
import { readFileSync } from 'node:fs';
import t from 'tap';
import type { OperationContext } from '../../src/operations/operation.js';
import { haversineMeters } from '../../src/map/geo.js';
import { operation as path } from '../../src/routing/service/path-operation.js';
import { randomInt, seededRandom } from '../helpers/random-graph.js';
import { useRoutingMap } from '../helpers/routing-map.js';
import { sharedData, testCacheDir } from '../helpers/shared-data.js';
import { matrixAnswer } from '../helpers/matrix-answer.js';

const context: OperationContext = { signal: new AbortController().signal, reportProgress: () => undefined };

interface ReferencePair { from: [number, number]; to: [number, number]; distance_m: number; duration_s: number }

function seconds(timespan: string): number {
  const [h, m, s] = timespan.split(':').map(Number) as [number, number, number];
  return h * 3600 + m * 60 + s;
}

const liechtenstein = sharedData('osm/liechtenstein.osm.pbf');
const reference = sharedData('reference/osrm-liechtenstein-pairs.json');
const monaco = sharedData('osm/monaco.osm.pbf');

t.test('on Liechtenstein, /v1/path agrees with OSRM (distance within 10% on 17/20, time within a third)', { skip: liechtenstein.skip || reference.skip }, async (t) => {
  await useRoutingMap(liechtenstein.path, testCacheDir());
  const pairs = (JSON.parse(readFileSync(reference.path, 'utf8')) as { pairs: ReferencePair[] }).pairs;
  const answer = await path.run(path.validate({
    routes: pairs.map((pair, i) => ({ id: String(i), stops: [{ location: pair.from.join(',') }, { location: pair.to.join(',') }] })),
  }), context);
  let distanceAgrees = 0, timeAgrees = 0;
  answer.routes.forEach((route, i) => {
    const pair = pairs[i]!;
    if (route.error) return;
    if (Math.abs(route.distance_meters! / pair.distance_m - 1) <= 0.1) distanceAgrees++;
    if (Math.abs(seconds(route.driving_time!) / pair.duration_s - 1) <= 1 / 3) timeAgrees++;
  });
  t.ok(distanceAgrees >= 17, `distance within 10% on ${distanceAgrees}/${pairs.length}`);
  t.ok(timeAgrees >= 17, `time within a third on ${timeAgrees}/${pairs.length}`);
});

t.test('on Monaco, matrix cells equal single paths between random points', { skip: monaco.skip }, async (t) => {
  await useRoutingMap(monaco.path, testCacheDir());
  const seed = 20261122;
  const random = seededRandom(seed);
  // Random points in the city's box: some off-road, so snapping and partial arcs are exercised.
  const points = Array.from({ length: 30 }, () => `${(43.727 + 0.02 * random()).toFixed(6)},${(7.409 + 0.03 * random()).toFixed(6)}`);
  const result = await matrixAnswer({ sources: points });
  const pairs = Array.from({ length: 200 }, () => [randomInt(random, points.length), randomInt(random, points.length)] as const);
  const answer = await path.run(path.validate({ routes: pairs.map(([s, d]) => ({ stops: [{ location: points[s] }, { location: points[d] }] })) }), context);
  let mismatches = 0;
  answer.routes.forEach((route, i) => {
    const [s, d] = pairs[i]!;
    const duration = result.durations[s]![d]!, distance = result.distances[s]![d]!;
    if (route.error) {
      if (duration !== null) t.fail(`seed ${seed}: ${points[s]} → ${points[d]} has a matrix duration but no path`);
      return;
    }
    // The path's time is written in whole seconds.
    if (Math.abs(duration - seconds(route.driving_time!)) > 0.5 || Math.abs(distance - route.distance_meters!) > 0.01) {
      mismatches++;
      t.fail(`seed ${seed}: ${points[s]} → ${points[d]}: matrix ${duration} s ${distance} m, path ${route.driving_time} ${route.distance_meters} m`);
    }
  });
  t.equal(mismatches, 0);
});

t.test('on Monaco, each leg\'s geometry runs between the snapped stops and is as long as its distance', { skip: monaco.skip }, async (t) => {
  await useRoutingMap(monaco.path, testCacheDir());
  const random = seededRandom(7);
  const point = () => `${(43.727 + 0.02 * random()).toFixed(6)},${(7.409 + 0.03 * random()).toFixed(6)}`;
  const answer = await path.run(path.validate({
    routes: Array.from({ length: 100 }, () => ({ routing_options: { return_path: true }, stops: [{ location: point() }, { location: point() }, { location: point() }] })),
  }), context);
  let checked = 0;
  for (const route of answer.routes) {
    if (route.error) continue;
    route.stops!.slice(1).forEach((stop, i) => {
      const points = stop.path_to_stop!.map((text) => text.split(',').map(Number) as [number, number]);
      let length = 0;
      for (let k = 1; k < points.length; k++) length += haversineMeters(...points[k - 1]!, ...points[k]!);
      const ends = points.length === 0 || (stop.path_to_stop![0] === route.stops![i]!.snapped_location && stop.path_to_stop![points.length - 1] === stop.snapped_location);
      if (!ends || Math.abs(length - stop.distance_to_meters) > Math.max(1, 0.005 * stop.distance_to_meters)) {
        t.fail(`geometry ${length.toFixed(1)} m, distance ${stop.distance_to_meters} m, ends at the stops: ${ends}`);
      }
      checked++;
    });
  }
  t.ok(checked > 100, `${checked} legs checked`);
});
