// Destination-only zones through /v1/path and /v1/matrix: the same rule per pair, and the matrix's times are
// the times a path reports (no penalty stands in for the rule).
import t from 'tap';
import type { OperationContext } from '../../src/operations/operation.js';
import { operation as path } from '../../src/routing/service/path-operation.js';
import { estateMap } from '../helpers/estate-map.js';
import { matrixAnswer } from '../helpers/matrix-answer.js';
import { at, useAsciiRoutingMap } from '../helpers/routing-map.js';

const context: OperationContext = { signal: new AbortController().signal, reportProgress: () => undefined };

function seconds(timespan: string): number {
  const [h, m, s] = timespan.split(':').map(Number) as [number, number, number];
  return h * 3600 + m * 60 + s;
}

const scenario = estateMap({ access: 'destination' });
const names = ['s', 't', 'x', 'y'];

t.test('every matrix cell around and into a zone is the single path between its points', async (t) => {
  await useAsciiRoutingMap(scenario);
  const points = names.map((name) => at(scenario, name));
  const cells = await matrixAnswer({ sources: points });
  const pairs = points.flatMap((from, i) => points.map((to, j) => ({ i, j, stops: [{ location: from }, { location: to }] })));
  const answer = await path.run(path.validate({ routes: pairs.map(({ stops }) => ({ stops })) }), context);
  answer.routes.forEach((route, k) => {
    const { i, j } = pairs[k]!;
    const label = `${names[i]} → ${names[j]}`;
    t.ok(Math.abs(cells.durations[i]![j]! - seconds(route.driving_time!)) <= 0.5, `${label}: ${cells.durations[i]![j]} s, path ${route.driving_time}`);
    t.ok(Math.abs(cells.distances[i]![j]! - route.distance_meters!) < 0.01, `${label}: ${cells.distances[i]![j]} m, path ${route.distance_meters} m`);
  });
  // The grid is drawn in metres on a plane; the import measures on the sphere, a few metres apart per km.
  t.ok(Math.abs(cells.distances[0]![1]! - 1400) < 7, `s → t goes round the zone: ${cells.distances[0]![1]} m`);
  t.ok(Math.abs(cells.distances[0]![3]! - 800) < 4, `s → y goes in at a: ${cells.distances[0]![3]} m`);
  t.ok(Math.abs(cells.distances[2]![1]! - 800) < 4, `x → t leaves at c: ${cells.distances[2]![1]} m`);
});
