// Or-opt: the run of two or three jobs starting at u goes next to its neighbour v, as is or reversed.
import { applyRangeMove, exploreRangeMove } from './range-move';
import { m0, m1, m2, m3, m4, OP_OR_OPT } from './move';

export function exploreOrOpt(u: i32, v: i32, intraOnly: bool): void {
  for (let length = 2; length <= 3; length++) exploreRangeMove(OP_OR_OPT, u, v, length, intraOnly);
}

export function applyOrOpt(): void {
  applyRangeMove(m0, m1, m2, m3, m4);
}
