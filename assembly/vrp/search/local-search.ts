// Granular local search: for each routed job u (in random order) and each neighbour v, every enabled operator
// offers its best move joining u to v; the best of them is applied when it saves cost. Pairs whose routes have
// not changed since u was last explored are skipped; the search ends when a whole pass applies nothing.
// Mode SEQUENCE keeps every job on its route (intra-route moves only, over all jobs of u's route);
// OPTIMIZE leaves out the costlier cross-exchange and SWAP*; BUILD uses everything.
import { allocI32, geti, seti } from './memory';
import { neighbourCount, neighbourOf } from './neighbours';
import { below } from './random';
import { jobs } from './search-problem';
import { dropIdleReloadsEverywhere } from './idle-reloads';
import { settleReloadsEverywhere } from './settle-reloads';
import { jobAt, lengthOf, modificationOf, modificationCounter, routeOf } from './state';
import { bestKind, OP_CROSS_EXCHANGE, OP_OR_OPT, OP_RELOCATE, OP_SWAP, OP_SWAP_STAR, OP_TWO_OPT,
  OP_TWO_OPT_STAR, resetMove } from './operators/move';
import { applyCrossExchange, exploreCrossExchange } from './operators/cross-exchange';
import { applyOrOpt, exploreOrOpt } from './operators/or-opt';
import { applyRelocate, exploreRelocate } from './operators/relocate';
import { applySwap, exploreSwap } from './operators/swap';
import { applySwapStar, exploreSwapStar } from './operators/swap-star';
import { applyTwoOpt, exploreTwoOpt } from './operators/two-opt';
import { applyTwoOptStar, exploreTwoOptStar } from './operators/two-opt-star';

// Search modes as the host numbers them (`searchModes`, src/kernels/vrp-search.ts); build, 2, uses every operator.
const MODE_SEQUENCE: i32 = 0;
const MODE_OPTIMIZE: i32 = 1;

let order: usize = 0;        // i32[jobs]: visiting order, shuffled per pass
let explored: usize = 0;     // i32[jobs]: modification counter when u was last explored
/** Jobs of one route sequenced exhaustively (every pair) rather than through neighbour lists. */
const SEQUENCE_ALL_PAIRS_UP_TO: i32 = 150;

export function bindLocalSearch(): void {
  order = allocI32(jobs);
  explored = allocI32(jobs);
}

/** Whether the mode uses the operator. */
function enabled(operator: i32, mode: i32): bool {
  if (mode == MODE_SEQUENCE) return operator == OP_RELOCATE || operator == OP_SWAP || operator == OP_OR_OPT || operator == OP_TWO_OPT;
  if (mode == MODE_OPTIMIZE) return operator != OP_CROSS_EXCHANGE && operator != OP_SWAP_STAR;
  return true;
}

/** Lets one operator offer its best move joining u to v (move.ts keeps the best offer). */
export function exploreOperator(operator: i32, u: i32, v: i32, mode: i32): void {
  const intraOnly = mode == MODE_SEQUENCE;
  if (operator == OP_RELOCATE) exploreRelocate(u, v, intraOnly);
  else if (operator == OP_SWAP) exploreSwap(u, v, intraOnly);
  else if (operator == OP_OR_OPT) exploreOrOpt(u, v, intraOnly);
  else if (operator == OP_TWO_OPT) exploreTwoOpt(u, v);
  else if (operator == OP_TWO_OPT_STAR && !intraOnly) exploreTwoOptStar(u, v);
  else if (operator == OP_CROSS_EXCHANGE && !intraOnly) exploreCrossExchange(u, v);
  else if (operator == OP_SWAP_STAR && !intraOnly) exploreSwapStar(u, v);
}

function explorePair(u: i32, v: i32, mode: i32): void {
  for (let operator = OP_RELOCATE; operator <= OP_SWAP_STAR; operator++) {
    if (enabled(operator, mode)) exploreOperator(operator, u, v, mode);
  }
}

/** Applies the move offered last (move.ts). */
export function applyBest(): void {
  if (bestKind == OP_RELOCATE) applyRelocate();
  else if (bestKind == OP_SWAP) applySwap();
  else if (bestKind == OP_OR_OPT) applyOrOpt();
  else if (bestKind == OP_TWO_OPT) applyTwoOpt();
  else if (bestKind == OP_TWO_OPT_STAR) applyTwoOptStar();
  else if (bestKind == OP_CROSS_EXCHANGE) applyCrossExchange();
  else if (bestKind == OP_SWAP_STAR) applySwapStar();
}

/** Tries u with v; returns true when a move was applied. */
function tryPair(u: i32, v: i32, mode: i32, since: i32): bool {
  const ru = routeOf(u), rv = routeOf(v);
  if (rv < 0 || v == u) return false;
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
 * returns the moves applied. Explored marks start from scratch, so every pair is looked at in the first pass.
 */
export function localSearch(mode: i32, passLimit: i32): i32 {
  for (let job = 0; job < jobs; job++) { seti(order, job, job); seti(explored, job, -1); }
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
      if (routeOf(u) < 0) continue;
      while (exploreJob(u, mode)) { improved = true; applied++; if (routeOf(u) < 0) break; }
    }
    if (!improved) break;
  }
  dropIdleReloadsEverywhere();
  settleReloadsEverywhere();
  return applied;
}

