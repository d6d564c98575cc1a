// The planner's road-network legs come from the same snap step and traffic model as /v1/path: a marker's
// location_type is kept, and settings.enable_historic_traffic times each leg in the hour it departs.
import t from 'tap';
import { AsciiMap } from '../helpers/ascii-map.js';
import { at } from '../helpers/routing-map.js';
import { postExpectingOk, startMapServer } from '../helpers/map-server.js';
import type { TestServer } from '../helpers/test-server.js';

// An urban primary road a→b and a residential detour; x lies 100 m off the detour's c–d street; a tunnel
// runs 3.2 km east from b, and p lies beside it, far from any street where a vehicle may stop.
const town = new AsciiMap(`
a-------b--------------------------------g
|       |                p
c-------d
    x
    t
`, 100)
  .node('t', { place: 'town' })
  .way('ab', { highway: 'primary', maxspeed: '50' })
  .way('ac', { highway: 'residential', maxspeed: '50' })
  .way('cd', { highway: 'residential', maxspeed: '50' })
  .way('db', { highway: 'residential', maxspeed: '50' })
  .way('bg', { highway: 'residential', tunnel: 'yes' });

let server: TestServer;

t.before(async () => {
  server = await startMapServer(town);
});
t.teardown(() => server.close());

type Json = Record<string, any>;

const post = (path: string, body: unknown): Promise<Json> => postExpectingOk(t, server, path, body);

function seconds(timespan: string): number {
  const [h, m, s] = timespan.split(':').map(Number) as [number, number, number];
  return h * 3600 + m * 60 + s;
}

t.test('with historic traffic a plan leg takes the time /v1/path predicts for a weekday at that hour', async (t) => {
  const evaluate = (traffic: boolean) => post('/v1/evaluate?wait=1', {
    jobs: [{ id: 'b', location: at(town, 'b') }],
    routes: [{ id: 'r', start_location: at(town, 'a'), start_time: '08:15', jobs: ['b'] }],
    settings: { enable_historic_traffic: traffic },
  });
  const path = await post('/v1/path', { routes: [{
    routing_options: { route_with_traffic: true, routing_date_time: '2026-11-17T08:15:00Z' },
    stops: [{ location: at(town, 'a') }, { location: at(town, 'b') }],
  }] });
  const [rush, free] = [await evaluate(true), await evaluate(false)];
  const predicted = seconds(path.routes[0].driving_time);
  t.ok(Math.abs(seconds(rush.routes[0].driving_time) - predicted) <= 1, `${rush.routes[0].driving_time} vs ${path.routes[0].driving_time}`);
  t.ok(seconds(free.routes[0].driving_time) < predicted, 'without the setting the leg flows freely');
});

t.test('on the day the clocks change a plan leg takes the traffic of its wall-clock hour, not of its elapsed hour', async (t) => {
  const drivingTime = async (timezone: string, date: string, startTime: string) => (await post('/v1/evaluate?wait=1', {
    jobs: [{ id: 'b', location: at(town, 'b') }],
    routes: [{ id: 'r', date, start_location: at(town, 'a'), start_time: startTime, jobs: ['b'] }],
    settings: { enable_historic_traffic: true, timezone },
  })).routes[0].driving_time as string;
  // 07:00–09:00 is rush hour, 06:00–07:00 lighter: the hour after a change is an hour off on the elapsed clock.
  const cases = [
    { zone: 'Europe/Berlin', change: '2026-03-29', dayBefore: '2026-03-28', start: '07:15' },
    { zone: 'Europe/Berlin', change: '2026-10-25', dayBefore: '2026-10-24', start: '06:30' },
    { zone: 'America/New_York', change: '2026-03-08', dayBefore: '2026-03-07', start: '07:15' },
    { zone: 'America/New_York', change: '2026-11-01', dayBefore: '2026-10-31', start: '06:30' },
  ];
  for (const { zone, change, dayBefore, start } of cases) {
    const otherHour = start === '07:15' ? '06:15' : '07:30';
    t.not(await drivingTime(zone, dayBefore, otherHour), await drivingTime(zone, dayBefore, start), `${zone}: ${start} and ${otherHour} differ in traffic`);
    t.equal(await drivingTime(zone, change, start), await drivingTime(zone, dayBefore, start), `${zone} ${change}: the traffic of ${start} on the wall clock`);
  }
});

t.test('a marker keeps its location_type: an off-street marker is reached by its connection', async (t) => {
  const evaluate = (type?: string) => post('/v1/evaluate?wait=1', {
    markers: [{ id: 'x', location: at(town, 'x'), ...(type && { location_type: type }) }],
    jobs: [{ id: 'j', location: 'x' }],
    routes: [{ id: 'r', start_location: at(town, 'a'), jobs: ['j'] }],
  });
  const path = await post('/v1/path', { routes: [{ stops: [{ location: at(town, 'a') }, { location: at(town, 'x'), type: 'off_street' }] }] });
  const [offStreet, plain] = [await evaluate('off_street'), await evaluate()];
  const leg = offStreet.routes[0].stops[1];
  t.ok(Math.abs(leg.distance_to_meters - path.routes[0].distance_meters) < 0.01, `${leg.distance_to_meters} vs ${path.routes[0].distance_meters}`);
  t.ok(Math.abs(leg.distance_to_meters - plain.routes[0].stops[1].distance_to_meters - 100) < 0.5, 'the 100 m from the point to the street');
});

t.test('a marker its location_type can only put in a tunnel is driven to as /v1/path drives it, with no_safe_route', async (t) => {
  const evaluate = (type?: string) => post('/v1/evaluate?wait=1', {
    markers: [{ id: 'p', location: at(town, 'p'), ...(type && { location_type: type }) }],
    jobs: [{ id: 'j', location: 'p' }],
    routes: [{ id: 'r', start_location: at(town, 'a'), jobs: ['j'] }],
  });
  const [onStreet, plain] = [await evaluate('on_street'), await evaluate()];
  const types = (answer: Json) => (answer.routes[0].stops[1].violations as Json[] ?? []).map((violation) => violation.type);
  t.same(types(onStreet), ['no_safe_route']);
  t.same(types(plain), []);
  const path = await post('/v1/path', { routes: [{ stops: [{ location: at(town, 'a') }, { location: at(town, 'p'), type: 'on_street' }] }] });
  const leg = onStreet.routes[0].stops[1];
  t.ok(leg.distance_to_meters > 2000, `the leg is driven (${leg.distance_to_meters} m), not left at zero`);
  t.ok(Math.abs(leg.distance_to_meters - path.routes[0].distance_meters) < 0.01, `${leg.distance_to_meters} vs ${path.routes[0].distance_meters}`);
  t.equal(leg.time_to, path.routes[0].driving_time);
});

t.test('build leaves a job it could only reach unsafely unrouted, for no_safe_route', async (t) => {
  const answer = await post('/v1/build?wait=1', {
    markers: [{ id: 'p', location: at(town, 'p'), location_type: 'on_street' }],
    jobs: [{ id: 'unsafe', location: 'p' }, { id: 'safe', location: at(town, 'd') }],
    routes: [{ id: 'r', start_location: at(town, 'a') }],
    settings: { time_limit_seconds: 1 },
  });
  t.same(answer.unrouted_jobs.map((job: Json) => job.id), ['unsafe']);
  t.same(answer.unrouted_jobs[0].reasons.map((reason: Json) => [reason.code, reason.route_ids]), [['no_safe_route', ['r']]],
    'the reason is the unsafe leg, not a missing road');
  t.same(answer.routes[0].stops.filter((stop: Json) => stop.type === 'job').map((stop: Json) => stop.id), ['safe']);
});

t.test('/v1/path and the planning operations report a stop at the location given, /v1/path the snapped point beside it', async (t) => {
  const given = at(town, 'x');
  const path = await post('/v1/path', { routes: [{ stops: [{ location: given }, { location: at(town, 'a') }] }] });
  const [pathStop] = path.routes[0].stops;
  const plan = await post('/v1/evaluate?wait=1', { jobs: [{ id: 'j', location: at(town, 'a') }], routes: [{ id: 'r', location: given, jobs: ['j'] }] });
  const [depot] = plan.routes[0].stops;
  t.equal(pathStop.location, depot.location, 'the same location for the same place');
  t.equal(pathStop.location, given.split(',').map((value) => Number(value).toFixed(6)).join(','), 'the one given');
  t.not(pathStop.snapped_location, pathStop.location, 'x lies off the street: the snapped point is reported beside it');
});
