// A plan as the reference timings read it: the problem with its routes in a given order, flattened, and the
// travel matrix of each route. Never on the product path.
import { flattenProblem } from '../../src/problem/flatten/flatten-problem.js';
import type { FlatProblem } from '../../src/problem/flatten/flat-problem.js';
import type { Problem } from '../../src/problem/model.js';
import type { TravelMatrices } from '../../src/problem/travel/travel-costs.js';
import { travelMatricesOf } from '../../src/solver/plan-timing.js';
import { withRouteOrder } from '../../src/solver/search/plan-operation.js';

export async function referencePlan(problem: Problem, order: number[][]): Promise<{ flat: FlatProblem; matrixOf: (route: number) => TravelMatrices }> {
  const planned = withRouteOrder(problem, order);
  const { matrices, classOfRoute } = await travelMatricesOf(planned);
  return { flat: flattenProblem(planned, classOfRoute), matrixOf: (route) => matrices[classOfRoute[route]!]! };
}
