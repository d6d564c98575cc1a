import t from 'tap';
import { parseProblem } from '../../src/problem/parse-problem.js';
import { travelClassesOf } from '../../src/problem/travel/travel-costs.js';

t.test('defaults follow route, then driver or vehicle, then settings.defaults, then the built-in values', async (t) => {
  const problem = parseProblem({
    drivers: [{ id: 'd', cost_per_hour: 20, location: '1,1' }],
    vehicles: [{ id: 'v', cost_per_km: 0.5, fixed_cost: 7, depot: '2,2', load_capacities: [10, 4], driving_speed_percentage: 80 }],
    routes: [
      { id: 'driven', driver: 'd', vehicle: 'v' },
      { id: 'own', driver: 'd', vehicle: 'v', cost_per_hour: 30, cost_per_km: 1, fixed_cost: 0, location: '3,3' },
      { id: 'bare' },
    ],
    settings: { defaults: { cost_per_km: 0.1 } },
  });
  const [driven, own, bare] = problem.routes;
  t.match(driven, { costPerHour: 20, costPerKm: 0.5, fixedCost: 7, startTime: 8 * 3600, loadCapacities: [10, 4], drivingSpeedPercentage: 80 });
  t.same(driven!.startLocation!.point, { lat: 1, lon: 1 }, 'the driver location comes before the vehicle depot');
  t.match(own, { costPerHour: 30, costPerKm: 1, fixedCost: 0 });
  t.same(own!.endLocation!.point, { lat: 3, lon: 3 });
  t.match(bare, { costPerHour: 10, costPerKm: 0.1, fixedCost: 0, drivingSpeedPercentage: 100 });
  t.equal(bare!.startLocation, undefined);
  t.equal(problem.loadMetrics, 2);
});

t.test('places are numbered markers first, then job locations and exits, then fleet and route ends', async (t) => {
  const problem = parseProblem({
    markers: [{ id: 'D', location: '0,0', is_depot: true }],
    jobs: [{ id: 'a', location: '0,1', exit_location: '0,2' }, { id: 'b', location: 'D' }],
    routes: [{ id: 'r', location: 'D', jobs: ['a', { id: 'c', location: '0,3' }] }],
    vehicles: [{ id: 'v', start_location: '0,4', end_location: '0,5' }],
  });
  t.same(problem.places.map((place) => place.point.lon), [0, 1, 2, 3, 4, 5]);
  t.equal(problem.jobs.find((job) => job.id === 'b')!.location.index, 0, 'a marker reference reuses the marker');
  t.equal(problem.routes[0]!.startLocation!.index, 0);
});

t.test('a route order given as stops skips its end depots and recomputed stops but keeps mid-route depots', async (t) => {
  const problem = parseProblem({
    markers: [{ id: 'D', location: '0,0', is_depot: true, attributes: ['cold'] }],
    jobs: [{ id: 'a', location: '0,1' }, { id: 'b', location: '0,2' }],
    routes: [{
      id: 'r', location: 'D',
      stops: [{ type: 'depot', id: 'D' }, { type: 'job', id: 'a' }, { type: 'break', id: 'lunch' }, { type: 'depot', id: 'D' },
        { type: 'job', id: 'b' }, { type: 'depot', id: 'D' }],
    }],
  });
  t.same(problem.routes[0]!.visits.map((visit) => (visit.kind === 'job' ? visit.job.id : `depot ${visit.place.markerId}`)), ['a', 'depot D', 'b']);
});

t.test('time windows are sorted, breaks relative to the start become times of day', async (t) => {
  const problem = parseProblem({
    jobs: [{ id: 'a', location: '0,1', time_window: { start: '14:00', end: '15:00' }, time_window2: { start: '09:00' } }],
    routes: [{ id: 'r', start_time: '07:00', breaks_relative_to_start: true, breaks: [{ id: 'b', start: '04:00', length: '00:30' }], jobs: ['a'] }],
  });
  t.same(problem.jobs[0]!.timeWindows, [{ start: 9 * 3600, end: Infinity }, { start: 14 * 3600, end: 15 * 3600 }]);
  t.same(problem.routes[0]!.breaks, [{ id: 'b', name: undefined, earliestStart: 11 * 3600, latestStart: 11 * 3600, length: 1800 }]);
});

t.test('a truck\'s sizes reach its travel class, and trucks of other sizes get classes of their own', async (t) => {
  const problem = parseProblem({
    vehicles: [
      { id: 'wide', vehicle_type: 'truck', width_meters: 2.55, length_meters: '16.5', axle_load_tonnes: 11.5 },
      { id: 'long', vehicle_type: 'truck', length_meters: 18 },
    ],
    routes: [{ id: 'a', vehicle: 'wide' }, { id: 'b', vehicle: 'wide' }, { id: 'c', vehicle: 'long' }],
  });
  t.same(problem.routes[0]!.vehicle!.dimensions, { widthMeters: 2.55, lengthMeters: 16.5, axleLoadTonnes: 11.5 });
  const { classes, classOfRoute } = travelClassesOf(problem.routes);
  t.equal(classes.length, 2);
  t.same([...classOfRoute], [0, 0, 1]);
});
