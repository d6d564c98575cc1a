/**
 * What explaining unrouted jobs costs (target: under 300 ms and at most 10 % of the operation, for 1,000 jobs on
 * 50 routes with 100 unrouted), in this thread, baselines from the same run:
 * - build of 1,000 jobs on 50 routes of capacity 18 (900 fit), its own budget, with `explain_unrouted: false`;
 *   then the explanation of the plan it found (median of 5);
 * - insert of 100 jobs into 50 full routes of 20 jobs (every one unrouted), median of 5 with the setting on and off.
 */
import { parseProblem } from '../src/problem/parse-problem.js';
import { operation as insert } from '../src/solver/insert.js';
import { travelMatricesOf } from '../src/solver/plan-timing.js';
import { solvePlan } from '../src/solver/search/plan-operation.js';
import { explainUnrouted } from '../src/solver/unrouted/unrouted-reasons.js';
import { matrixPlan, median } from './ops.bench.js';
import { report } from './report.js';

type Body = Record<string, any>;

const context = () => ({ signal: new AbortController().signal, reportProgress: () => undefined });
const round = (value: number) => +value.toFixed(2);

async function medianMs(samples: number, work: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let sample = -1; sample < samples; sample++) {
    const started = performance.now();
    await work();
    if (sample >= 0) times.push(performance.now() - started);
  }
  return median(times);
}

function withExplain(body: Body, explain: boolean): Body {
  return { ...body, settings: { ...body.settings, explain_unrouted: explain } };
}

async function buildShare(): Promise<void> {
  const { plan } = matrixPlan(0, 18);
  const problem = parseProblem(withExplain(plan, false));
  const started = performance.now();
  const { planned, unrouted } = await solvePlan(problem, 'build', context());
  const buildMs = performance.now() - started;
  const travel = await travelMatricesOf(planned);
  const explainMs = await medianMs(5, () => explainUnrouted(planned, travel, unrouted));
  report('unrouted.build_1000_jobs_50_routes', {
    build_ms: round(buildMs), unrouted: unrouted.length, explain_ms: round(explainMs), added_share: round(explainMs / buildMs),
    target_ms: 300, target_share: 0.1,
  });
}

async function insertShare(): Promise<void> {
  const { plan, spareJobs } = matrixPlan(100, 20);
  const run = async (explain: boolean) => {
    const request = insert.validate(withExplain({ ...plan, jobs_to_insert: spareJobs }, explain));
    return insert.run(request, context());
  };
  const offMs = await medianMs(5, () => run(false));
  const onMs = await medianMs(5, () => run(true));
  report('unrouted.insert_100_unrouted_into_1000', {
    insert_ms: round(offMs), with_reasons_ms: round(onMs), added_ms: round(onMs - offMs), added_share: round((onMs - offMs) / offMs),
  });
}

export async function run(): Promise<void> {
  await buildShare();
  await insertShare();
}
