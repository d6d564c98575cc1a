import t from 'tap';
import { parseProblem } from '../../src/problem/parse-problem.js';
import { operation as build } from '../../src/solver/build.js';
import { randomVrpBody } from '../helpers/random-vrp.js';

function problemWithBudget(seconds: number) {
  const body = randomVrpBody(21, { jobs: 60, routes: 8 });
  body.settings = { ...body.settings, time_limit_seconds: seconds };
  return parseProblem(body);
}

t.test('a canceled build stops at the next chunk instead of running out its budget', async (t) => {
  const controller = new AbortController();
  const started = performance.now();
  setTimeout(() => controller.abort(), 300);
  await t.rejects(build.run(problemWithBudget(20), { signal: controller.signal, reportProgress: () => undefined }));
  const seconds = (performance.now() - started) / 1000;
  t.ok(seconds < 3, `stopped after ${seconds.toFixed(2)} s of a 20 s budget`);
});

t.test('a build keeps to settings.time_limit_seconds and reports rising progress up to 1', async (t) => {
  const progress: number[] = [];
  const started = performance.now();
  await build.run(problemWithBudget(1), { signal: new AbortController().signal, reportProgress: (fraction) => progress.push(fraction) });
  const seconds = (performance.now() - started) / 1000;
  t.ok(seconds < 3, `took ${seconds.toFixed(2)} s for a 1 s budget`);
  t.ok(progress.length > 3, 'progress reported along the way');
  t.ok(progress.every((value, index) => index === 0 || value >= progress[index - 1]!), 'progress never goes back');
  t.equal(progress.at(-1), 1);
});

t.test('a build of a few jobs with a ten-minute budget stops once it has converged', async (t) => {
  const body = randomVrpBody(5, { jobs: 3, routes: 2 });
  body.settings = { ...body.settings, time_limit_seconds: 600 };
  const started = performance.now();
  await build.run(parseProblem(body), { signal: new AbortController().signal, reportProgress: () => undefined });
  const seconds = (performance.now() - started) / 1000;
  t.ok(seconds < 30, `took ${seconds.toFixed(2)} s of a 600 s budget`);
});
