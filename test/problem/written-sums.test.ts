// Written per-stop durations and distances add up to their route's written totals.
import t from 'tap';
import { apportion } from '../../src/conventions/apportion.js';
import { postExpectingOk } from '../helpers/map-server.js';
import { planeProblem } from '../helpers/plane-problem.js';
import { startTestServer } from '../helpers/test-server.js';

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

t.test('largest-remainder rounding keeps the rounded total and moves no part by a unit or more', async (t) => {
  const parts = [10.4, 10.4, 10.4, 10.4, 10.4];
  const rounded = apportion(parts, sum(parts));
  t.equal(sum(rounded), 52, 'each part alone would round to 10, 50 in all');
  rounded.forEach((value, index) => t.ok(Math.abs(value - parts[index]!) < 1, `part ${index}: ${value}`));
  t.same(apportion([0.5, 0.5, 0.5, 0.5], 2), [1, 1, 0, 0], 'ties go to the earlier parts');
  t.same(apportion([1.234, 2.345, 3.456], 7.035, 100), [1.23, 2.35, 3.46], 'centimetres of metres');
  t.same(apportion([], 0), []);
});

t.test('per-stop time_to and distance_to_meters add up to the route\'s driving_time and distance_meters', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  const seconds = (text: string) => text.split(':').map(Number).reduce((total, part) => total * 60 + part, 0);
  const { body } = planeProblem(31, 3, 12);
  // Fractional seconds and centimetres in every leg, so that rounding each one alone drifts.
  body.settings.matrix.durations = body.settings.matrix.durations.map((row: number[]) => row.map((value) => value + 0.45));
  body.settings.matrix.distances = body.settings.matrix.distances.map((row: number[]) => row.map((value) => value + 0.0049));
  const plan = await postExpectingOk(t, server, '/v1/evaluate?wait=1', body);
  for (const route of plan.routes as { id: string; driving_time: string; distance_meters: number; stops: { time_to: string; distance_to_meters: number }[] }[]) {
    t.equal(sum(route.stops.map((stop) => seconds(stop.time_to))), seconds(route.driving_time), `${route.id} time`);
    t.equal(Math.round(sum(route.stops.map((stop) => stop.distance_to_meters)) * 100), Math.round(route.distance_meters * 100), `${route.id} distance`);
  }
});
