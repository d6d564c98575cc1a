// Granular local search: for each routed job u (in random order) and each neighbour v, every enabled operator
// offers its best move joining u to v; the best of them is applied when it saves cost. Pairs whose routes have
// not changed since u was last explored are skipped; the search ends when a whole pass applies nothing.
// Sequence (MODE_SEQUENCE) explores every pair of a route's jobs rather than neighbour lists; which operators
// each mode uses is the operators' own (operators/registry.ts).
import { allocI32, geti, seti } from './memory';
import { isFrozen } from './frozen-routes';
import { neighbourCount, neighbourOf } from './neighbours';
import { below } from './random';
import { jobs } from './search-problem';
import { dropIdleReloadsEverywhere } from './idle-reloads';
import { settleReloadsEverywhere } from './settle-reloads';
import { jobAt, lengthOf, modificationOf, modificationCounter, penaltyOf, routeOf } from './state';
import { bestKind, MODE_SEQUENCE, resetMove } from './operators/move';
import { applyBest, exploreOperator, operatorCount } from './operators/registry';

let order: usize = 0;        // i32[jobs]: visiting order, shuffled per pass
let explored: usize = 0;     // i32[jobs]: modification counter when u was last explored
/** Jobs of one route sequenced exhaustively (every pair) rather than through neighbour lists. */
const SEQUENCE_ALL_PAIRS_UP_TO: i32 = 150;

export function bindLocalSearch(): void {
  order = allocI32(jobs);
  explored = allocI32(jobs);
}

function explorePair(u: i32, v: i32, mode: i32): void {
  const count = operatorCount();
  for (let operator = 1; operator <= count; operator++) exploreOperator(operator, u, v, mode);
}

/** Tries u with v; returns true when a move was applied. */
function tryPair(u: i32, v: i32, mode: i32, since: i32): bool {
  const ru = routeOf(u), rv = routeOf(v);
  if (rv < 0 || v == u || isFrozen(ru) || isFrozen(rv)) return false;
  if (modificationOf(ru) <= since && modificationOf(rv) <= since) return false;
  resetMove();
  explorePair(u, v, mode);
  if (bestKind == 0) return false;
  applyBest();
  return true;
}

function exploreJob(u: i32, mode: i32): bool {
  const since = geti(explored, u);
  seti(explored, u, modificationCounter);
  const route = routeOf(u);
  if (mode == MODE_SEQUENCE && lengthOf(route) <= SEQUENCE_ALL_PAIRS_UP_TO) {
    for (let position = 0; position < lengthOf(route); position++) {
      if (tryPair(u, jobAt(route, position), mode, since)) return true;
    }
    return false;
  }
  for (let k = 0; k < neighbourCount; k++) {
    if (tryPair(u, neighbourOf(u, k), mode, since)) return true;
  }
  return false;
}

/**
 * Runs passes until one applies no move or `passLimit` passes are done, then drops the reloads left idle and
 * moves the others to their best places;
 * returns the moves applied. Explored marks start at `changedSince` (a modificationCounter value): by default
 * from scratch, so every pair is looked at in the first pass; else only pairs with a route changed since.
 * `onlyPenalised` (the squeeze): only jobs on routes that pay a penalty (late or overloaded) are explored.
 */
export function localSearch(mode: i32, passLimit: i32, changedSince: i32 = -1, onlyPenalised: bool = false): i32 {
  for (let job = 0; job < jobs; job++) { seti(order, job, job); seti(explored, job, changedSince); }
  let applied = 0;
  for (let pass = 0; pass < passLimit; pass++) {
    for (let index = jobs - 1; index > 0; index--) {
      const other = below(index + 1);
      const swapped = geti(order, index);
      seti(order, index, geti(order, other));
      seti(order, other, swapped);
    }
    let improved = false;
    for (let index = 0; index < jobs; index++) {
      const u = geti(order, index);
      if (routeOf(u) < 0 || (onlyPenalised && penaltyOf(routeOf(u)) == 0)) continue;
      while (exploreJob(u, mode)) {
        improved = true;
        applied++;
        if (routeOf(u) < 0 || (onlyPenalised && penaltyOf(routeOf(u)) == 0)) break;
      }
    }
    if (!improved) break;
  }
  dropIdleReloadsEverywhere();
  settleReloadsEverywhere();
  return applied;
}

