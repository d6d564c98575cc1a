import t from 'tap';
import { joinByRegion, RouteRegions } from '../../src/solver/search/route-regions.js';

const ROUTES = 40;
const JOBS_PER_ROUTE = 3;

/** Route r's jobs lie around the centre at the angle r · 360° / ROUTES, on rings of three radii. */
function ringPlan() {
  const points = Array.from({ length: ROUTES * JOBS_PER_ROUTE }, (_, job) => {
    const angle = 2 * Math.PI * Math.floor(job / JOBS_PER_ROUTE) / ROUTES;
    const radius = 0.01 * (1 + (job % JOBS_PER_ROUTE));
    return { lat: radius * Math.sin(angle), lon: radius * Math.cos(angle) };
  });
  const order = Array.from({ length: ROUTES }, (_, route) => Array.from({ length: JOBS_PER_ROUTE }, (__, k) => route * JOBS_PER_ROUTE + k));
  return { points, order };
}

/** How often the region changes between neighbouring routes around the circle. */
function bordersAround(regionOf: Int32Array, routes: number): number {
  let borders = 0;
  for (let route = 0; route < routes; route++) if (regionOf[route] !== regionOf[(route + 1) % routes]) borders++;
  return borders;
}

t.test('a plan of enough routes is split into sectors of as many routes each', async (t) => {
  const { points, order } = ringPlan();
  const regionOf = new RouteRegions(points, 10).split(order, 2, 1)!;
  t.ok(regionOf, 'split');
  t.same([0, 1].map((region) => regionOf.filter((of) => of === region).length), [20, 20]);
  t.equal(bordersAround(regionOf, ROUTES), 2, 'each region one arc of the circle');
});

t.test('the sectors turn from one exchange point to the next', async (t) => {
  const { points, order } = ringPlan();
  const regions = new RouteRegions(points, 10);
  const first = regions.split(order, 2, 1)!, second = regions.split(order, 2, 2)!;
  t.notSame([...first], [...second]);
  t.same([...regions.split(order, 2, 1)!], [...first], 'the same plan and point give the same regions');
});

t.test('empty routes are shared out among the regions in turn', async (t) => {
  const { points, order } = ringPlan();
  const withEmpty = [...order, [], [], [], []];
  const regionOf = new RouteRegions(points, 10).split(withEmpty, 2, 1)!;
  t.same([...regionOf.slice(ROUTES)], [0, 1, 0, 1]);
});

t.test('a plan of too few used routes, or with a job left out, is not split', async (t) => {
  const { points, order } = ringPlan();
  const regions = new RouteRegions(points, 21);
  t.equal(regions.split(order, 2, 1), null, '40 routes cannot make two regions of 21');
  t.equal(new RouteRegions(points, 10).split(order, 1, 1), null, 'one search alone');
  t.equal(new RouteRegions(points, 10).split(order.map((route, index) => (index === 0 ? route.slice(1) : route)), 2, 1), null, 'a job left out');
});

t.test('joined plans take each route from its region\'s plan, from the plan they started from where a search gave none', async (t) => {
  const base = [[0, 1], [2, 3], [4, 5], [6, 7]];
  const regionOf = Int32Array.from([0, 0, 1, 2]);
  const first = [[1, 0, 3], [2], [4, 5], [6, 7]];
  const second = [[0, 1], [2, 3], [5, -1, 4], [6, 7]];
  t.same(joinByRegion(regionOf, [first, second, undefined], base), [[1, 0, 3], [2], [5, -1, 4], [6, 7]]);
});

t.test('a join that would put a job on two routes, or leave one out, is refused', async (t) => {
  const base = [[0, 1], [2, 3]];
  const regionOf = Int32Array.from([0, 1]);
  t.equal(joinByRegion(regionOf, [[[0, 1, 2], [3]], [[0], [2, 3, 1]]], base), null, 'job 1 twice');
  t.equal(joinByRegion(regionOf, [[[0], [2, 3]], [[0, 1], [2, 3]]], base), null, 'job 1 left out');
});
