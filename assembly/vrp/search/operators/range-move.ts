// Moving a run of consecutive jobs, starting at u, next to its neighbour v (after or before it, possibly
// reversed), on v's route or within u's own: the shared core of relocate (one job) and or-opt (two or three).
import { commitSlots } from '../candidate';
import { lengthOf, positionOf, routeOf } from '../state';
import { offer, slotsGain } from './move';
import { buildMovedWithin, buildWithInserted, buildWithout } from './pieces';

/** Builds the move in the slots; returns how many slots it uses (0: not a move). */
function build(u: i32, v: i32, length: i32, t: i32, reversed: bool): i32 {
  const from = routeOf(u), to = routeOf(v);
  const a = positionOf(u), b = a + length - 1;
  if (from < 0 || to < 0 || b >= lengthOf(from)) return 0;
  if (from != to) {
    buildWithout(0, from, a, b);
    buildWithInserted(1, to, t, from, a, b, reversed);
    return 2;
  }
  if (t >= a && t <= b + 1) return 0;
  buildMovedWithin(0, from, a, b, t, reversed);
  return 1;
}

export function exploreRangeMove(u: i32, v: i32, length: i32, intraOnly: bool): void {
  const from = routeOf(u), to = routeOf(v);
  if (from < 0 || to < 0 || (intraOnly && from != to)) return;
  const a = positionOf(u), pv = positionOf(v);
  if (from == to && pv >= a && pv < a + length) return;
  for (let side = 0; side < 2; side++) {
    const t = side == 0 ? pv + 1 : pv;
    for (let flip = 0; flip < (length > 1 ? 2 : 1); flip++) {
      const slots = build(u, v, length, t, flip == 1);
      if (slots > 0) offer(slotsGain(slots), u, v, length, t, flip);
    }
  }
}

export function applyRangeMove(u: i32, v: i32, length: i32, t: i32, flip: i32): void {
  const slots = build(u, v, length, t, flip == 1);
  if (slots > 0) commitSlots(slots);
}
