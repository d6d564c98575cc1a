// A search kernel bound to a problem, its routes as given and kept (the tests of the search's pricing apply
// moves to them one by one), or built on as build does.
import { BoundProblem } from '../../src/kernels/vrp-bound-problem.js';
import { VrpSearch } from '../../src/kernels/vrp-search.js';
import type { Problem } from '../../src/problem/model.js';
import { travelMatricesOf } from '../../src/solver/plan-timing.js';
import { searchProblemOf } from '../../src/solver/search/search-problem.js';

export async function startSearch(problem: Problem, seed: number, keepRoutes = true): Promise<VrpSearch> {
  const { matrices, classOfRoute } = await travelMatricesOf(problem);
  const prepared = searchProblemOf(problem, classOfRoute, false);
  return new VrpSearch(new BoundProblem(prepared.flat, matrices), {
    allowed: prepared.allowed, priorities: prepared.priorities, scratchVisit: prepared.scratchVisit, depotPlaces: prepared.depotPlaces,
    reloadSlots: prepared.reloadSlots, seed, neighbours: 10, keepRoutes,
  });
}
