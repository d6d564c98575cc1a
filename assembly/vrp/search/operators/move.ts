// The interface every local-search operator shares (after VROOM's operators): `explore(u, v, mode)` prices the
// operator's moves that join job u to its neighbour v and offers the best valid one here; `apply()` rebuilds
// the offered move in the candidate slots and commits it. The touched routes are the slots' routes. A move is
// valid when it adds no hard violation to the routes it touches; its gain is the internal cost it saves.
// Operators are registered once, in registry.ts.
import { estimate, finish, finishedHard, slotRoute } from '../candidate';
import { exact } from '../search-problem';
import { costOf, estimateOf, hardOf } from '../state';

// Search modes as the host numbers them (`searchModes`, src/kernels/vrp-search.ts). Sequence keeps every job
// on its route; optimize leaves out the costliest operators; build uses every operator.
export const MODE_SEQUENCE: i32 = 0;
export const MODE_OPTIMIZE: i32 = 1;
export const MODE_BUILD: i32 = 2;
export const IN_SEQUENCE: i32 = 1 << MODE_SEQUENCE;
export const IN_OPTIMIZE: i32 = 1 << MODE_OPTIMIZE;
export const IN_BUILD: i32 = 1 << MODE_BUILD;
export const IN_EVERY_MODE: i32 = IN_SEQUENCE | IN_OPTIMIZE | IN_BUILD;

export type Explore = (u: i32, v: i32, mode: i32) => void;
export type Apply = () => void;

/** One local-search operator: its moves, how to apply the one it offered, and the modes (IN_*) that use it. */
export class Operator {
  constructor(readonly explore: Explore, readonly apply: Apply, readonly modes: i32) {}
}

/** Smallest gain worth a move: rounding noise must not make the search cycle. */
export const MIN_GAIN: f64 = 1e-7;

/** The operator exploring now (registry.ts numbers them from 1); offers are recorded as its. */
export let exploring: i32 = 0;
/** The operator of the best offer, 0 when none. */
export let bestKind: i32 = 0;
export let bestGain: f64 = 0;
export let m0: i32 = 0;
export let m1: i32 = 0;
export let m2: i32 = 0;
export let m3: i32 = 0;
export let m4: i32 = 0;

export function resetMove(): void {
  bestKind = 0;
  bestGain = MIN_GAIN;
}

/** Offers losing up to `loss` are taken, the least bad first: a valid move as a perturbation (ejection-pool.ts). */
export function resetMoveLosingAtMost(loss: f64): void {
  bestKind = 0;
  bestGain = -loss;
}

export function beginExploring(operator: i32): void {
  exploring = operator;
}

export function offer(gain: f64, a: i32, b: i32, c: i32, d: i32, e: i32): void {
  if (!(gain > bestGain)) return;
  bestKind = exploring; bestGain = gain;
  m0 = a; m1 = b; m2 = c; m3 = d; m4 = e;
}

/**
 * Gain of the routes built in slots 0..count-1 (each replacing its route), or -Infinity when they add a hard
 * violation. Two slots must hold two different routes.
 */
export function slotsGain(count: i32): f64 {
  // Outside exact mode the segment estimate screens the move first: full timing only for promising ones. A
  // route with hard violations is not screened: an estimate knows that a job is late, not which of its windows
  // it could meet, so it cannot see the moves that repair the route.
  if (!exact && !anyHard(count) && estimatedGain(count) <= MIN_GAIN) return -Infinity;
  let before: f64 = 0, after: f64 = 0;
  let hardBefore = 0, hardAfter = 0;
  for (let slot = 0; slot < count; slot++) {
    const route = slotRoute(slot);
    before += costOf(route);
    hardBefore += hardOf(route);
    after += finish(slot);
    hardAfter += finishedHard;
  }
  return hardAfter > hardBefore ? -Infinity : before - after;
}

function anyHard(count: i32): bool {
  for (let slot = 0; slot < count; slot++) if (hardOf(slotRoute(slot)) > 0) return true;
  return false;
}

function estimatedGain(count: i32): f64 {
  let gain: f64 = 0;
  for (let slot = 0; slot < count; slot++) gain += estimateOf(slotRoute(slot)) - estimate(slot);
  return gain;
}
