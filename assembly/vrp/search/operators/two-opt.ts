// 2-opt within a route: the jobs between u and its neighbour v are reversed, so that u and v follow each
// other and their former successors do too.
import { commitSlots } from '../candidate';
import { positionOf, routeOf } from '../state';
import { IN_EVERY_MODE, m0, m1, offer, Operator, slotsGain } from './move';
import { buildReversedWithin } from './pieces';

function build(u: i32, v: i32): bool {
  const route = routeOf(u);
  if (route < 0 || route != routeOf(v)) return false;
  const a = min(positionOf(u), positionOf(v)), b = max(positionOf(u), positionOf(v));
  if (b - a < 2) return false;
  buildReversedWithin(0, route, a + 1, b);
  return true;
}

function explore(u: i32, v: i32, mode: i32): void {
  if (build(u, v)) offer(slotsGain(1), u, v, 0, 0, 0);
}

function apply(): void {
  if (build(m0, m1)) commitSlots(1);
}

export function twoOpt(): Operator {
  return new Operator(explore, apply, IN_EVERY_MODE);
}
