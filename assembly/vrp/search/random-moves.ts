// A perturbation that keeps every route feasible and every job where it is routed (Nagata and Bräysy's, between
// ejections): random moves, each the best valid move of a random operator joining a random routed job to one
// of its neighbours, applied when it adds at most a given cost: taken whatever it cost, the moves led the plan
// of a successful phase far from short routes (Solomon R and RC at 10 s, one run each: 2.6 % above the best-known
// distance against 2.4 % with at most an average leg each).
import { neighbourCount, neighbourOf } from './neighbours';
import { bestKind, resetMoveLosingAtMost } from './operators/move';
import { applyBest, exploreOperator, operatorCount } from './operators/registry';
import { below } from './random';
import { jobs } from './search-problem';
import { routeOf, unroutedCount } from './state';

/** Tries `count` random moves in `mode`'s operators, each adding at most `mostLoss`; returns how many were applied. */
export function randomMoves(count: i32, mode: i32, mostLoss: f64): i32 {
  if (jobs - unroutedCount < 2 || neighbourCount == 0) return 0;
  let applied = 0;
  for (let attempt = 0; attempt < count; attempt++) {
    let u = below(jobs);
    while (routeOf(u) < 0) u = below(jobs);
    const v = neighbourOf(u, below(neighbourCount));
    if (routeOf(v) < 0) continue;
    resetMoveLosingAtMost(mostLoss);
    exploreOperator(1 + below(operatorCount()), u, v, mode);
    if (bestKind == 0) continue;
    applyBest();
    applied++;
  }
  return applied;
}
