// Cross-exchange: runs of one to three jobs starting at u and at its neighbour v, on two routes, trade places
// (one job each is left to swap).
import { routeOf } from '../state';
import { applyExchange, exploreExchange } from './exchange';
import { m0, m1, m2, m3, OP_CROSS_EXCHANGE } from './move';

const LONGEST: i32 = 3;

export function exploreCrossExchange(u: i32, v: i32): void {
  if (routeOf(u) == routeOf(v)) return;
  for (let lengthU = 1; lengthU <= LONGEST; lengthU++) {
    for (let lengthV = 1; lengthV <= LONGEST; lengthV++) {
      if (lengthU + lengthV > 2) exploreExchange(OP_CROSS_EXCHANGE, u, lengthU, v, lengthV);
    }
  }
}

export function applyCrossExchange(): void {
  applyExchange(m0, m1, m2, m3);
}
