// Swap: job u and its neighbour v trade places.
import { routeOf } from '../state';
import { applyExchange, exploreExchange } from './exchange';
import { IN_EVERY_MODE, m0, m1, m2, m3, MODE_SEQUENCE, Operator } from './move';

function explore(u: i32, v: i32, mode: i32): void {
  if (mode == MODE_SEQUENCE && routeOf(u) != routeOf(v)) return;
  exploreExchange(u, 1, v, 1);
}

function apply(): void {
  applyExchange(m0, m1, m2, m3);
}

export function swap(): Operator {
  return new Operator(explore, apply, IN_EVERY_MODE);
}
