import t from 'tap';
import { AppError } from '../../src/errors.js';
import { parseProblem } from '../../src/problem/parse-problem.js';
import { timePlan } from '../../src/solver/plan-timing.js';
import { planResponse } from '../../src/problem/response/plan-response.js';
import { randomInt, seededRandom } from '../helpers/random-graph.js';
import { randomPlanBody } from '../helpers/random-plan.js';

const junk: unknown[] = [null, -1, 0, 1e308, -1e-9, '', 'x', '99:99', '-05:00', '1,2,3', 'true', [], [null], {}, { start: 'x' }, true, '2026-02-30', 'P1'];

/** Replaces a few random values anywhere in the body (never the matrix, whose size a single change breaks). */
function mutate(body: Record<string, unknown>, random: () => number): void {
  const containers: [Record<string, unknown> | unknown[], string | number][] = [];
  const collect = (value: unknown, depth: number) => {
    if (depth > 6 || typeof value !== 'object' || value === null) return;
    for (const [key, child] of Object.entries(value)) {
      if (key === 'matrix') continue;
      containers.push([value as Record<string, unknown>, Array.isArray(value) ? Number(key) : key]);
      collect(child, depth + 1);
    }
  };
  collect(body, 0);
  for (let change = 0; change < 1 + randomInt(random, 4); change++) {
    const [container, key] = containers[randomInt(random, containers.length)]!;
    (container as Record<string | number, unknown>)[key] = junk[randomInt(random, junk.length)];
  }
}

t.test('bad values anywhere in a problem are validation faults with paths, or a plan that evaluates', async (t) => {
  let rejected = 0;
  let evaluated = 0;
  for (let seed = 1; seed <= 300; seed++) {
    const random = seededRandom(seed);
    const body = randomPlanBody(seed, true);
    // Some plans stay intact, so that the evaluating path is exercised as well as the rejecting one.
    if (random() < 0.7) mutate(body, random);
    let problem;
    try {
      problem = parseProblem(body);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'validation_failed_error' || !error.errors?.length) throw error;
      for (const fault of error.errors) {
        if (!fault.property.startsWith('request') || !fault.code.endsWith('_error')) t.fail(`seed ${seed}: ${JSON.stringify(fault)}`);
      }
      rejected++;
      continue;
    }
    const timing = await timePlan(problem);
    JSON.stringify(planResponse(problem, timing.routes));
    evaluated++;
  }
  t.comment(`${rejected} rejected, ${evaluated} evaluated`);
  t.ok(rejected > 50 && evaluated > 20, 'both outcomes occur');
});
