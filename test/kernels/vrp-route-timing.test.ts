import t from 'tap';
import { BoundProblem } from '../../src/kernels/vrp-bound-problem.js';
import { decodeRoute, type TimedRoute } from '../../src/kernels/vrp-records.js';
import { referenceTimeRoute } from '../helpers/reference-route-timing.js';
import { flattenProblem } from '../../src/problem/flatten/flatten-problem.js';
import { parseProblem } from '../../src/problem/parse-problem.js';
import type { TravelMatrices } from '../../src/problem/travel/travel-costs.js';
import { travelMatricesOf } from '../../src/solver/plan-timing.js';
import { legsFromMatrices } from '../../src/problem/travel/route-legs.js';
import { randomPlanBody } from '../helpers/random-plan.js';
import { dayClock } from '../../src/conventions/day-clock.js';
import type { Problem } from '../../src/problem/model.js';

const berlin = { kind: 'iana', name: 'Europe/Berlin' } as const;
/** The days Berlin's clocks go forward and back in 2026. */
const clockChanges = [dayClock(berlin, Date.UTC(2026, 2, 29) / 86_400_000)!, dayClock(berlin, Date.UTC(2026, 9, 25) / 86_400_000)!];

/** Every third seed, the routes on the clocks of days the offset changes, alternately forward and back. */
function onClockChangeDays(problem: Problem, seed: number): Problem {
  if (seed % 3 === 0) problem.routes.forEach((route, index) => (route.clock = clockChanges[index % 2]));
  return problem;
}

/** Hour slots that make legs slower in the morning and evening peaks, to exercise the slot a leg departs in. */
function withTrafficSlots(matrices: TravelMatrices): TravelMatrices {
  const cells = matrices.size * matrices.size;
  const durations = new Float64Array(24 * cells);
  for (let slot = 0; slot < 24; slot++) {
    const factor = slot === 8 || slot === 17 ? 1.5 : 1;
    for (let cell = 0; cell < cells; cell++) {
      const value = matrices.durations[cell]!;
      durations[slot * cells + cell] = value < 0 ? value : value * factor;
    }
  }
  return { ...matrices, slots: 24, durations };
}

const close = (a: number, b: number) => a === b || Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));

function differences(kernel: TimedRoute, reference: TimedRoute): string[] {
  const found: string[] = [];
  const compare = (path: string, a: unknown, b: unknown) => {
    if (typeof a === 'number' && typeof b === 'number' ? !close(a, b) : JSON.stringify(a) !== JSON.stringify(b)) found.push(`${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
  };
  for (const key of Object.keys(reference) as (keyof TimedRoute)[]) {
    if (key === 'stops') continue;
    if (key === 'peakLoads') reference.peakLoads.forEach((peak, metric) => compare(`peak ${metric}`, kernel.peakLoads[metric], peak));
    else compare(key, kernel[key], reference[key]);
  }
  compare('stop count', kernel.stops.length, reference.stops.length);
  reference.stops.forEach((stop, index) => {
    const other = kernel.stops[index];
    if (!other) return;
    for (const key of Object.keys(stop) as (keyof typeof stop)[]) {
      if (key === 'loads') stop.loads.forEach((load, metric) => compare(`stop ${index} load ${metric}`, other.loads[metric], load));
      else compare(`stop ${index} ${key}`, other[key], stop[key]);
    }
  });
  return found;
}

t.test('the timing kernel agrees with the plain reference on seeded random plans with breaks, reloads, traffic and clock changes', async (t) => {
  let routes = 0;
  let breaks = 0;
  let legalBreaks = 0;
  for (let seed = 1; seed <= 80; seed++) {
    const problem = onClockChangeDays(parseProblem(randomPlanBody(seed, true)), seed);
    const { matrices, classOfRoute } = await travelMatricesOf(problem);
    const timed = seed % 2 === 0 ? matrices.map(withTrafficSlots) : matrices;
    const flat = flattenProblem(problem, classOfRoute);
    const bound = new BoundProblem(flat, timed);
    for (let route = 0; route < flat.routeCount; route++) {
      const kernel = decodeRoute(bound.timeRoute(route), bound.kernel.layout, flat.loadMetrics);
      const reference = referenceTimeRoute(flat, timed[classOfRoute[route]!]!, route);
      const found = differences(kernel, reference);
      if (found.length > 0) t.fail(`seed ${seed} route ${route}: ${found.slice(0, 6).join('; ')}`);
      routes++;
      breaks += reference.stops.filter((stop) => stop.kind === 'break').length;
      legalBreaks += reference.stops.filter((stop) => stop.kind === 'legal_break').length;
    }
  }
  t.comment(`${routes} routes, ${breaks} breaks and ${legalBreaks} legal breaks taken`);
  t.equal(routes, 480);
  t.ok(breaks > 50 && legalBreaks > 50, 'breaks of both kinds occur');
});

t.test('timing along given legs gives exactly what timing from the class matrices gives', async (t) => {
  let routes = 0;
  for (let seed = 101; seed <= 140; seed++) {
    const problem = parseProblem(randomPlanBody(seed, true));
    const { matrices, classOfRoute } = await travelMatricesOf(problem);
    const timed = seed % 2 === 0 ? matrices.map(withTrafficSlots) : matrices;
    const dense = new BoundProblem(flattenProblem(problem, classOfRoute), timed);
    const byMatrix = problem.routes.map((_, route) => decodeRoute(dense.timeRoute(route), dense.kernel.layout, problem.loadMetrics));
    const legs = legsFromMatrices(problem, timed, classOfRoute);
    const none = new Float64Array(0);
    const given = new BoundProblem(flattenProblem(problem, classOfRoute, legs), timed.map((matrix) => ({ ...matrix, durations: none, distances: none })));
    problem.routes.forEach((_, route) => {
      const found = differences(decodeRoute(given.timeRoute(route), given.kernel.layout, problem.loadMetrics), byMatrix[route]!);
      if (found.length > 0) t.fail(`seed ${seed} route ${route}: ${found.slice(0, 6).join('; ')}`);
      routes++;
    });
  }
  t.equal(routes, 240);
});
