import { readFileSync } from 'node:fs';
import t from 'tap';
import { checkInstancePlan } from '../../src/problem/formats/instance-checker.js';
import { parseCvrplib } from '../../src/problem/formats/cvrplib.js';
import { instanceProblem } from '../../src/problem/formats/instance-problem.js';
import { parseSolomon } from '../../src/problem/formats/solomon.js';
import { parseProblem } from '../../src/problem/parse-problem.js';
import { runSolveCommand, solveFile } from '../../src/cli/solve-command.js';
import { sharedData } from '../helpers/shared-data.js';

const c101 = sharedData('vrp/solomon/C101.txt');
const homberger = sharedData('vrp/homberger/c1_2_1.txt');
const x101 = sharedData('vrp/cvrp/X-n101-k25.vrp');

t.test('a Solomon file gives its fleet, depot and customers with windows and service times', { skip: c101.skip }, async (t) => {
  const instance = parseSolomon(readFileSync(c101.path, 'utf8'));
  t.match(instance, { name: 'C101', vehicles: 25, capacity: 200, distance: 'euclidean' });
  t.equal(instance.customers.length, 100);
  t.match(instance.depot, { number: 0, x: 40, y: 50, ready: 0, due: 1236 });
  t.match(instance.customers[0], { number: 1, x: 45, y: 68, demand: 10, ready: 912, due: 967, service: 90 });
});

t.test('a Gehring–Homberger file (CRLF lines) reads like a Solomon one', { skip: homberger.skip }, async (t) => {
  const instance = parseSolomon(readFileSync(homberger.path, 'utf8'));
  t.match(instance, { vehicles: 50, capacity: 200 });
  t.equal(instance.customers.length, 200);
  t.match(instance.customers[0], { number: 1, x: 33, y: 78, demand: 20, ready: 750, due: 809, service: 90 });
});

t.test('a CVRPLIB file gives capacity, demands, the depot and legs rounded per edge', { skip: x101.skip }, async (t) => {
  const instance = parseCvrplib(readFileSync(x101.path, 'utf8'));
  t.match(instance, { name: 'X-n101-k25', capacity: 206, distance: 'rounded-euclidean' });
  t.equal(instance.customers.length, 100);
  t.ok(instance.vehicles >= 25);
  t.match(instance.depot, { number: 1, x: 365, y: 689, demand: 0 });
  const problem = instanceProblem(instance, 'distance') as { settings: { matrix: { distances: number[][] } } };
  const row = problem.settings.matrix.distances[0]!;
  t.ok(row.every(Number.isInteger), 'every leg is a whole number');
  t.equal(row[1], Math.round(Math.hypot(365 - 146, 689 - 180)));
});

t.test('an instance becomes a valid problem with its own matrix, one route per vehicle', { skip: c101.skip }, async (t) => {
  const instance = parseSolomon(readFileSync(c101.path, 'utf8'));
  const problem = parseProblem(instanceProblem(instance, 'vehicles-distance'));
  t.equal(problem.routes.length, 25);
  t.equal(problem.jobs.length, 100);
  t.equal(problem.places.length, 101);
  t.same(problem.jobs[0]!.timeWindows, [{ start: 912, end: 967 }]);
  t.ok(problem.routes.every((route) => route.fixedCost > 0), 'vehicles cost more than any distance');
});

t.test('the checker finds a customer served after its window, a missing one and an overloaded route', { skip: c101.skip }, async (t) => {
  const instance = parseSolomon(readFileSync(c101.path, 'utf8'));
  const all = instance.customers.map((customer) => String(customer.number));
  const check = checkInstancePlan(instance, [all]);
  t.notOk(check.feasible);
  t.ok(check.faults.some((fault) => fault.includes('over capacity')));
  t.ok(check.faults.some((fault) => fault.includes('after')));
  t.ok(checkInstancePlan(instance, [all.slice(1)]).faults.includes('customer 1 not served'));
});

t.test('solving C101 briefly finds its best-known distance (828.94) with a plan the checker accepts', { skip: c101.skip }, async (t) => {
  const summary = await solveFile(c101.path, { objective: 'vehicles-distance', timeLimitSeconds: 2, seed: 3 });
  const check = checkInstancePlan(parseSolomon(readFileSync(c101.path, 'utf8')), summary.routes);
  t.same(check.faults, []);
  t.equal(summary.unrouted, 0);
  t.equal(summary.vehicles, 10);
  t.ok(summary.distance < 828.94 * 1.01, `distance ${summary.distance}`);
  t.ok(Math.abs(check.distance - summary.distance) < 1e-6, 'the solver and the checker measure the same distance');
});

const r101 = sharedData('vrp/solomon/R101.txt');
t.test('solving R101 with the distance objective comes within 3% of its best-known 1642.88', { skip: r101.skip }, async (t) => {
  const summary = await solveFile(r101.path, { objective: 'distance', timeLimitSeconds: 3, seed: 1 });
  t.same(checkInstancePlan(parseSolomon(readFileSync(r101.path, 'utf8')), summary.routes).faults, []);
  t.ok(summary.distance < 1642.88 * 1.03, `distance ${summary.distance}`);
});

t.test('the solve command prints one JSON summary, and a usage error for a bad flag', { skip: c101.skip }, async (t) => {
  let printed = '';
  const out = { write: (text: string) => (printed += text) };
  t.equal(await runSolveCommand([c101.path, '--format', 'solomon', '--time-limit', '0.5', '--seed', '2'], out), 0);
  const summary = JSON.parse(printed);
  t.match(summary, { instance: 'C101', unrouted: 0, unrouted_by_reason: {} });
  t.same(Object.keys(summary), ['instance', 'vehicles', 'distance', 'cost', 'unrouted', 'unrouted_by_reason', 'seconds', 'routes']);
  t.equal(summary.routes.flat().length, 100);
  printed = '';
  t.equal(await runSolveCommand([c101.path, '--objective', 'time'], out), 1);
  t.match(JSON.parse(printed), { error: /objective/ });
});
