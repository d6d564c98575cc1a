// New routes described as pieces of the current ones, in the candidate slots (candidate.ts). Each helper
// starts its slot; ranges are positions, inclusive.
import { addPrefix, addRange, addReversed, addSuffix, begin } from '../candidate';

function addPiece(slot: i32, route: i32, from: i32, to: i32, reversed: bool): void {
  if (reversed) addReversed(slot, route, from, to);
  else addRange(slot, route, from, to);
}

/** `route` without positions a..b. */
export function buildWithout(slot: i32, route: i32, a: i32, b: i32): void {
  begin(slot, route);
  addPrefix(slot, a);
  addSuffix(slot, route, b + 1);
}

/** `route` with positions a..b of `source` inserted before its position t. */
export function buildWithInserted(slot: i32, route: i32, t: i32, source: i32, a: i32, b: i32, reversed: bool): void {
  begin(slot, route);
  addPrefix(slot, t);
  addPiece(slot, source, a, b, reversed);
  addSuffix(slot, route, t);
}

/** `route` with its positions a..b replaced by positions c..d of `source`. */
export function buildReplaced(slot: i32, route: i32, a: i32, b: i32, source: i32, c: i32, d: i32): void {
  begin(slot, route);
  addPrefix(slot, a);
  addRange(slot, source, c, d);
  addSuffix(slot, route, b + 1);
}

/** `route` with its positions a..b moved before its position t (t < a or t > b + 1). */
export function buildMovedWithin(slot: i32, route: i32, a: i32, b: i32, t: i32, reversed: bool): void {
  begin(slot, route);
  if (t < a) {
    addPrefix(slot, t);
    addPiece(slot, route, a, b, reversed);
    addRange(slot, route, t, a - 1);
    addSuffix(slot, route, b + 1);
  } else {
    addPrefix(slot, a);
    addRange(slot, route, b + 1, t - 1);
    addPiece(slot, route, a, b, reversed);
    addSuffix(slot, route, t);
  }
}

/** `route` with its disjoint ranges a..b and c..d (b < c) exchanged. */
export function buildSwappedWithin(slot: i32, route: i32, a: i32, b: i32, c: i32, d: i32): void {
  begin(slot, route);
  addPrefix(slot, a);
  addRange(slot, route, c, d);
  addRange(slot, route, b + 1, c - 1);
  addRange(slot, route, a, b);
  addSuffix(slot, route, d + 1);
}

/** `route` with positions a..b reversed. */
export function buildReversedWithin(slot: i32, route: i32, a: i32, b: i32): void {
  begin(slot, route);
  addPrefix(slot, a);
  addReversed(slot, route, a, b);
  addSuffix(slot, route, b + 1);
}

/** The first `keep` jobs of `route`, then `other` from its position `from` on. */
export function buildJoined(slot: i32, route: i32, keep: i32, other: i32, from: i32): void {
  begin(slot, route);
  addPrefix(slot, keep);
  addSuffix(slot, other, from);
}
