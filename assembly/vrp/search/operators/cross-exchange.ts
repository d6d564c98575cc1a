// Cross-exchange: runs of one to three jobs starting at u and at its neighbour v, on two routes, trade places
// (one job each is left to swap).
import { routeOf } from '../state';
import { applyExchange, exploreExchange } from './exchange';
import { IN_BUILD, m0, m1, m2, m3, Operator } from './move';

const LONGEST: i32 = 3;

function explore(u: i32, v: i32, mode: i32): void {
  if (routeOf(u) == routeOf(v)) return;
  for (let lengthU = 1; lengthU <= LONGEST; lengthU++) {
    for (let lengthV = 1; lengthV <= LONGEST; lengthV++) {
      if (lengthU + lengthV > 2) exploreExchange(u, lengthU, v, lengthV);
    }
  }
}

function apply(): void {
  applyExchange(m0, m1, m2, m3);
}

export function crossExchange(): Operator {
  return new Operator(explore, apply, IN_BUILD);
}
