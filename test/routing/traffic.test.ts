// Predicted traffic on a hand-drawn town: rush hour slows urban main roads (and can change the route), legs
// depart in the slot where the previous one ended, and /v1/matrix agrees with /v1/path under traffic.
import t from 'tap';
import type { OperationContext } from '../../src/operations/operation.js';
import { operation as path, type PathResponse } from '../../src/routing/service/path-operation.js';
import { routingMap } from '../../src/routing/load/request-map.js';
import { hourOfWeek } from '../../src/routing/traffic/hour-of-week.js';
import { metricAt as metricOfMoment } from '../../src/routing/traffic/traffic-metric.js';
import { parseTrafficFile } from '../../src/routing/traffic/traffic-file.js';
import { at, useAsciiRoutingMap } from '../helpers/routing-map.js';
import { matrixAnswer } from '../helpers/matrix-answer.js';
import { TUESDAY_0815, trafficTown } from '../helpers/traffic-town.js';

const context: OperationContext = { signal: new AbortController().signal, reportProgress: () => undefined };

function seconds(timespan: string): number {
  const [h, m, s] = timespan.split(':').map(Number) as [number, number, number];
  return h * 3600 + m * 60 + s;
}

const town = trafficTown;
const TUESDAY_0300 = '2026-11-17T03:00:00+01:00';

function route(stops: string[], dateTime: string, withTraffic = true) {
  return {
    routing_options: { route_with_traffic: withTraffic, routing_date_time: dateTime },
    stops: stops.map((name) => ({ location: at(town, name) })),
  };
}

async function runPath(...routes: unknown[]): Promise<PathResponse['routes']> {
  return (await path.run(path.validate({ routes }), context)).routes;
}

t.before(async () => {
  await useAsciiRoutingMap(town, ['auto', 'truck']);
});

t.test('hours of the week are read on the wall clock of the given offset, Monday 00:00 first', async (t) => {
  t.equal(hourOfWeek(Date.parse('2026-11-16T00:30:00Z') / 1000, 0), 0);
  t.equal(hourOfWeek(Date.parse('2026-11-17T07:15:00Z') / 1000, 60), 24 + 8);
  t.equal(hourOfWeek(Date.parse('2026-11-15T23:59:00Z') / 1000, 0), 167);
  t.equal(hourOfWeek(Date.parse('2026-11-16T00:30:00Z') / 1000, -120), 166, 'a negative offset is still on Sunday');
});

t.test('hours of one traffic pattern share one metric; night hours drive the map\'s own', async (t) => {
  const router = routingMap().router('auto');
  const metricAt = (text: string) => metricOfMoment(router, {}, Date.parse(text) / 1000, 0, true);
  const [tuesdayRush, thursdayRush, night, free] = await Promise.all([
    metricAt('2026-11-17T08:15:00Z'), metricAt('2026-11-19T17:45:00Z'), metricAt('2026-11-17T03:00:00Z'), router.metric({}),
  ]);
  t.equal(tuesdayRush, thursdayRush);
  t.equal(night, free);
  t.not(tuesdayRush.hierarchy.address, free.hierarchy.address);
});

t.test('at Tuesday 08:15 the urban route is slower than at 03:00 and leaves the congested main road', async (t) => {
  const [night, rush, untimed] = await runPath(route(['a', 'b'], TUESDAY_0300), route(['a', 'b'], TUESDAY_0815), route(['a', 'b'], TUESDAY_0815, false));
  t.ok(Math.abs(night!.distance_meters! - 800) < 5, `night: the main road, ${night!.distance_meters} m`);
  t.ok(Math.abs(rush!.distance_meters! - 1200) < 5, `rush hour: the detour, ${rush!.distance_meters} m`);
  t.ok(seconds(rush!.driving_time!) > seconds(night!.driving_time!), `${rush!.driving_time} > ${night!.driving_time}`);
  t.equal(untimed!.driving_time, night!.driving_time, 'without route_with_traffic the hour does not matter');
});

t.test('each leg departs in the traffic of the hour the previous leg ended in', async (t) => {
  // The first leg starts at 06:59:30 in weekday daytime traffic and ends after 07:00, in the rush hour.
  const start = '2026-11-17T06:59:30+01:00';
  const [chained] = await runPath(route(['b', 'a', 'b'], start));
  const [firstArrival] = [chained!.stops![1]!.arrival_datetime];
  const [alone, beforeRush] = await runPath(route(['a', 'b'], firstArrival), route(['a', 'b'], start));
  t.ok(firstArrival > '2026-11-17T07:00:00+01:00', `first leg ends at ${firstArrival}`);
  t.equal(chained!.stops![2]!.time_to, alone!.stops![1]!.time_to, 'the second leg is timed in the rush hour');
  t.not(chained!.stops![2]!.time_to, beforeRush!.stops![1]!.time_to, 'not in the hour the route started');
});

t.test('the matrix takes the same routing_options and agrees with single paths under traffic', async (t) => {
  const names = ['a', 'b', 'c', 'd'];
  for (const dateTime of [TUESDAY_0815, TUESDAY_0300]) {
    const cells = await matrixAnswer({
      sources: names.map((name) => at(town, name)),
      routing_options: { route_with_traffic: 'true', routing_date_time: dateTime },
    });
    const routes = await runPath(...names.flatMap((from) => names.map((to) => route([from, to], dateTime))));
    routes.forEach((answer, cell) => {
      const [row, column] = [Math.floor(cell / names.length), cell % names.length];
      t.ok(Math.abs(cells.distances[row]![column]! - answer.distance_meters!) < 0.01, `${dateTime} ${names[row]}→${names[column]} distance`);
      t.ok(Math.abs(cells.durations[row]![column]! - seconds(answer.driving_time!)) <= 0.5, `${dateTime} ${names[row]}→${names[column]} time`);
    });
  }
});

t.test('a truck too tall for the detour keeps to the main road at rush hour, in paths and matrices alike', async (t) => {
  const vehicle = { vehicle_type: 'truck', height_meters: 4 };
  const [tall] = await runPath({ ...route(['a', 'b'], TUESDAY_0815), vehicle });
  const cells = await matrixAnswer({
    sources: [at(town, 'a')], destinations: [at(town, 'b')], vehicle, routing_options: { route_with_traffic: true, routing_date_time: TUESDAY_0815 },
  });
  t.ok(Math.abs(tall!.distance_meters! - 800) < 5, `${tall!.distance_meters} m`);
  t.ok(Math.abs(cells.distances[0]![0]! - tall!.distance_meters!) < 0.01);
  t.ok(Math.abs(cells.durations[0]![0]! - seconds(tall!.driving_time!)) <= 0.5);
});

t.test('driving_speed_percentage stretches paths and matrices alike', async (t) => {
  const vehicle = { driving_speed_percentage: 50 };
  const [full] = await runPath(route(['a', 'b'], TUESDAY_0300));
  const [half] = await runPath({ ...route(['a', 'b'], TUESDAY_0300), vehicle });
  const cells = await matrixAnswer({ sources: [at(town, 'a')], destinations: [at(town, 'b')], vehicle });
  t.ok(Math.abs(seconds(half!.driving_time!) - 2 * seconds(full!.driving_time!)) <= 1, `${half!.driving_time} vs ${full!.driving_time}`);
  t.ok(Math.abs(cells.durations[0]![0]! - seconds(half!.driving_time!)) <= 0.5);
  t.equal(half!.distance_meters, full!.distance_meters, 'the same road');
});

t.test('a traffic file sets way speeds per hour of the week; hours with the same speeds share a pattern', async (t) => {
  const model = parseTrafficFile('way_id,hour_of_week,speed_kmh\n1,32,10\n1,33,10\n2,33,30 # a comment\n1,40,10\n', 'traffic.csv');
  t.equal(model.patternOfHour[0], 0, 'unlisted hours flow freely');
  t.equal(model.patternOfHour[32], model.patternOfHour[40], 'identical hours share one pattern');
  t.not(model.patternOfHour[32], model.patternOfHour[33]);
  t.equal(model.patterns.length, 3);
  t.throws(() => parseTrafficFile('1,168,10', 'bad.csv'), /bad\.csv:1: hour_of_week/);
  t.throws(() => parseTrafficFile('1,2,0', 'bad.csv'), /speed_kmh must be above 0/);
});
