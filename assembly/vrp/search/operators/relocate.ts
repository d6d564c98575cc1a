// Relocate: job u goes right after or right before its neighbour v.
import { applyRangeMove, exploreRangeMove } from './range-move';
import { IN_EVERY_MODE, m0, m1, m2, m3, m4, MODE_SEQUENCE, Operator } from './move';

function explore(u: i32, v: i32, mode: i32): void {
  exploreRangeMove(u, v, 1, mode == MODE_SEQUENCE);
}

function apply(): void {
  applyRangeMove(m0, m1, m2, m3, m4);
}

export function relocate(): Operator {
  return new Operator(explore, apply, IN_EVERY_MODE);
}
