// Every local-search operator, registered once: an operator's number is its place in the table (from 1), and
// ties between offers go to the one explored first. A new move is a file with its explore and apply (move.ts)
// and a row here.
import { bestKind, beginExploring, Operator } from './move';
import { crossExchange } from './cross-exchange';
import { orOpt } from './or-opt';
import { relocate } from './relocate';
import { swap } from './swap';
import { swapStar } from './swap-star';
import { twoOpt } from './two-opt';
import { twoOptStar } from './two-opt-star';

let table: StaticArray<Operator> = [];

/** The stub runtime's arena is reset before each problem, so the table is built again with it. */
export function bindOperators(): void {
  table = [relocate(), swap(), twoOpt(), twoOptStar(), orOpt(), crossExchange(), swapStar()];
}

export function operatorCount(): i32 {
  return table.length;
}

/** Lets operator `operator` (1..operatorCount) offer its best move joining u to v, if `mode` uses it. */
export function exploreOperator(operator: i32, u: i32, v: i32, mode: i32): void {
  const entry = table[operator - 1];
  if ((entry.modes & (1 << mode)) == 0) return;
  beginExploring(operator);
  const explore = entry.explore;
  explore(u, v, mode);
}

/** Applies the best move offered (move.ts). */
export function applyBest(): void {
  const apply = table[bestKind - 1].apply;
  apply();
}
