// 2-opt within a route: the jobs between u and its neighbour v are reversed, so that u and v follow each
// other and their former successors do too.
import { commitSlots } from '../candidate';
import { positionOf, routeOf } from '../state';
import { m0, m1, offer, OP_TWO_OPT, slotsGain } from './move';
import { buildReversedWithin } from './pieces';

function build(u: i32, v: i32): bool {
  const route = routeOf(u);
  if (route < 0 || route != routeOf(v)) return false;
  const a = min(positionOf(u), positionOf(v)), b = max(positionOf(u), positionOf(v));
  if (b - a < 2) return false;
  buildReversedWithin(0, route, a + 1, b);
  return true;
}

export function exploreTwoOpt(u: i32, v: i32): void {
  if (build(u, v)) offer(OP_TWO_OPT, slotsGain(1), u, v, 0, 0, 0);
}

export function applyTwoOpt(): void {
  if (build(m0, m1)) commitSlots(1);
}
