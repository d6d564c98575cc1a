// Swap: job u and its neighbour v trade places.
import { routeOf } from '../state';
import { applyExchange, exploreExchange } from './exchange';
import { m0, m1, m2, m3, OP_SWAP } from './move';

export function exploreSwap(u: i32, v: i32, intraOnly: bool): void {
  if (intraOnly && routeOf(u) != routeOf(v)) return;
  exploreExchange(OP_SWAP, u, 1, v, 1);
}

export function applySwap(): void {
  applyExchange(m0, m1, m2, m3);
}
