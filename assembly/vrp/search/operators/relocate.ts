// Relocate: job u goes right after or right before its neighbour v.
import { applyRangeMove, exploreRangeMove } from './range-move';
import { m0, m1, m2, m3, m4, OP_RELOCATE } from './move';

export function exploreRelocate(u: i32, v: i32, intraOnly: bool): void {
  exploreRangeMove(OP_RELOCATE, u, v, 1, intraOnly);
}

export function applyRelocate(): void {
  applyRangeMove(m0, m1, m2, m3, m4);
}
