/**
 * POST /v1/evaluate (docs/api.md, Planning operations): the routes exactly as given, with depots and breaks added,
 * timed and priced by the kernel. The task result keeps both the answer and its aggregates as views, so that
 * `aggregate=1` on the fetching request can choose (docs/api.md, Aggregates).
 */
import { defineOperation } from '../operations/define-operation.js';
import { routedPlaces } from '../problem/routed-places.js';
import { normalizeProblem } from '../problem/parse-problem.js';
import { problemSchema } from '../problem/schema/problem.js';
import { timePlan } from './plan-timing.js';
import { planResult, planResultViews } from './plan-result.js';
import { routePaths } from './route-paths.js';

export const operation = defineOperation({
  name: 'evaluate',
  kind: 'task',
  requestSchema: problemSchema,
  ...planResultViews,
  read: normalizeProblem,
  locations: routedPlaces,
  async compute(problem, context) {
    const timing = await timePlan(problem, context.signal);
    const paths = problem.settings.routePaths ? await routePaths(problem, timing.routes) : undefined;
    return { routes: timing.routes, paths };
  },
  present: ({ routes, paths }, problem) => planResult(problem, routes, paths ? { paths } : {}),
});
