// Or-opt: the run of two or three jobs starting at u goes next to its neighbour v, as is or reversed.
import { applyRangeMove, exploreRangeMove } from './range-move';
import { IN_EVERY_MODE, m0, m1, m2, m3, m4, MODE_SEQUENCE, Operator } from './move';

function explore(u: i32, v: i32, mode: i32): void {
  for (let length = 2; length <= 3; length++) exploreRangeMove(u, v, length, mode == MODE_SEQUENCE);
}

function apply(): void {
  applyRangeMove(m0, m1, m2, m3, m4);
}

export function orOpt(): Operator {
  return new Operator(explore, apply, IN_EVERY_MODE);
}
