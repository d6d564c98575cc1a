// 2-opt*: two routes exchange their tails, cut so that u is followed by its neighbour v (or v by u).
import { commitSlots } from '../candidate';
import { positionOf, routeOf } from '../state';
import { IN_BUILD, IN_OPTIMIZE, m0, m1, m2, offer, Operator, slotsGain } from './move';
import { buildJoined } from './pieces';

function build(u: i32, v: i32, uFirst: bool): bool {
  const ru = routeOf(u), rv = routeOf(v);
  if (ru < 0 || rv < 0 || ru == rv) return false;
  const cutU = uFirst ? positionOf(u) + 1 : positionOf(u);
  const cutV = uFirst ? positionOf(v) : positionOf(v) + 1;
  buildJoined(0, ru, cutU, rv, cutV);
  buildJoined(1, rv, cutV, ru, cutU);
  return true;
}

function explore(u: i32, v: i32, mode: i32): void {
  for (let variant = 0; variant < 2; variant++) {
    if (build(u, v, variant == 0)) offer(slotsGain(2), u, v, variant, 0, 0);
  }
}

function apply(): void {
  if (build(m0, m1, m2 == 0)) commitSlots(2);
}

export function twoOptStar(): Operator {
  return new Operator(explore, apply, IN_OPTIMIZE | IN_BUILD);
}
