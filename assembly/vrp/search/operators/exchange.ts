// Exchanging the run of jobs starting at u with the run starting at v: the shared core of swap (one job
// each) and cross-exchange (runs of up to three).
import { commitSlots } from '../candidate';
import { lengthOf, positionOf, routeOf } from '../state';
import { offer, slotsGain } from './move';
import { buildReplaced, buildSwappedWithin } from './pieces';

function build(u: i32, lengthU: i32, v: i32, lengthV: i32): i32 {
  const ru = routeOf(u), rv = routeOf(v);
  if (ru < 0 || rv < 0) return 0;
  const a = positionOf(u), b = a + lengthU - 1;
  const c = positionOf(v), d = c + lengthV - 1;
  if (b >= lengthOf(ru) || d >= lengthOf(rv)) return 0;
  if (ru != rv) {
    buildReplaced(0, ru, a, b, rv, c, d);
    buildReplaced(1, rv, c, d, ru, a, b);
    return 2;
  }
  if (b < c) buildSwappedWithin(0, ru, a, b, c, d);
  else if (d < a) buildSwappedWithin(0, ru, c, d, a, b);
  else return 0;
  return 1;
}

export function exploreExchange(u: i32, lengthU: i32, v: i32, lengthV: i32): void {
  const slots = build(u, lengthU, v, lengthV);
  if (slots > 0) offer(slotsGain(slots), u, lengthU, v, lengthV, 0);
}

export function applyExchange(u: i32, lengthU: i32, v: i32, lengthV: i32): void {
  const slots = build(u, lengthU, v, lengthV);
  if (slots > 0) commitSlots(slots);
}
