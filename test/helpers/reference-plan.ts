// A plan as the reference timings read it: the problem with its routes in a given order, flattened, and the
// travel matrix of each route. Never on the product path.
import { flattenProblem } from '../../src/problem/flatten/flatten-problem.js';
import type { FlatProblem } from '../../src/problem/flatten/flat-problem.js';
import type { Problem } from '../../src/problem/model.js';
import type { TravelMatrices } from '../../src/problem/travel/travel-costs.js';
import { travelMatricesOf } from '../../src/solver/plan-timing.js';
import { withRouteOrder } from '../../src/solver/search/plan-operation.js';
import { referenceTimeRoute } from './reference-route-timing.js';

export async function referencePlan(problem: Problem, order: number[][]): Promise<{ flat: FlatProblem; matrixOf: (route: number) => TravelMatrices }> {
  const planned = withRouteOrder(problem, order);
  const { matrices, classOfRoute } = await travelMatricesOf(planned);
  return { flat: flattenProblem(planned, classOfRoute), matrixOf: (route) => matrices[classOfRoute[route]!]! };
}

/** Route violations that are soft: a break not taken, overtime. */
const SOFT_ROUTE_BITS = (1 << 5) | (1 << 6);

/** The route's cost in the plan of this order by the reference timing, or null when it has a hard violation. */
export async function feasibleCost(problem: Problem, order: number[][], route: number): Promise<number | null> {
  const { flat, matrixOf } = await referencePlan(problem, order);
  const timed = referenceTimeRoute(flat, matrixOf(route), route);
  const hard = (timed.violations & ~SOFT_ROUTE_BITS) !== 0 || timed.stops.some((stop) => stop.violations !== 0);
  return hard ? null : timed.cost;
}
