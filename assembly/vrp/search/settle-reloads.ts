// Each reload of a route moved to its best place and depot. A reload is put where the job that first needed it
// was inserted, at a depot near that job; the local search's moves carry it along with their ranges but never
// move it alone nor change its depot. After each local search, every reload is tried at the positions of its
// route up to REACH away, at its own depot and at the nearest depots of the job it would come before (after, at
// the end), and goes where it saves the most without adding a hard violation.
import { addJob, addPrefix, addRange, addSuffix, begin, commitSlots, estimate, finish, finishedHard } from './candidate';
import { MIN_GAIN } from './operators/move';
import { depotsPerJob, reloadDepotOf } from './reload-depots';
import { codeVisits, exact, routes } from './search-problem';
import { costOf, estimateOf, hardOf, isReload, jobAt, lengthOf, routedReloads, spareReload } from './state';
import { geti } from './memory';
import { isFrozen } from './frozen-routes';

/** `route` with its reload at position `a` replaced by `code` before position `t` (t = a or a + 1: in place). */
function buildMoved(route: i32, a: i32, t: i32, code: i32): void {
  begin(0, route);
  if (t <= a) {
    addPrefix(0, t);
    addJob(0, code);
    addRange(0, route, t, a - 1);
  } else {
    addPrefix(0, a);
    addRange(0, route, a + 1, t - 1);
    addJob(0, code);
  }
  addSuffix(0, route, max(t, a + 1));
}

/** Positions tried on each side of a reload: a reload's best place is near where its jobs need it, and each
 *  place costs a join per position in between. */
const REACH: i32 = 8;

let bestSaving: f64 = 0;
let bestPlace: i32 = -1;
let bestAt: i32 = -1;

function placeOf(code: i32): i32 {
  return -geti(codeVisits, code) - 1;
}

/** The reload at `a` itself when it visits `place`, else a spare slot there (-1 when none is spare). */
function reloadFor(route: i32, a: i32, place: i32): i32 {
  const own = jobAt(route, a);
  return placeOf(own) == place ? own : spareReload(place);
}

/** Prices the reload at `a` moved before `t` as a visit to `place`; outside exact mode, promising ones only. */
function tryPlace(route: i32, a: i32, t: i32, place: i32): void {
  const code = reloadFor(route, a, place);
  if (code < 0) return;
  buildMoved(route, a, t, code);
  if (!exact && estimateOf(route) - estimate(0) <= MIN_GAIN) return;
  const saving = costOf(route) - finish(0);
  if (finishedHard <= hardOf(route) && saving > bestSaving) {
    bestSaving = saving; bestPlace = place; bestAt = t;
  }
}

/** The job a reload before position `t` serves: the one there, else the last one before it; -1 without. */
function servedJob(route: i32, t: i32, a: i32): i32 {
  for (let position = t; position < lengthOf(route); position++) if (position != a && !isReload(jobAt(route, position))) return jobAt(route, position);
  for (let position = t - 1; position >= 0; position--) if (position != a && !isReload(jobAt(route, position))) return jobAt(route, position);
  return -1;
}

function settle(route: i32, a: i32): void {
  bestSaving = MIN_GAIN; bestPlace = -1; bestAt = -1;
  const ownPlace = placeOf(jobAt(route, a));
  for (let t = max(a - REACH, 0); t <= min(a + 1 + REACH, lengthOf(route)); t++) {
    const job = servedJob(route, t, a);
    if (job < 0) return;
    if (t != a && t != a + 1) tryPlace(route, a, t, ownPlace);
    for (let k = 0; k < depotsPerJob; k++) {
      const place = reloadDepotOf(job, k);
      if (place < 0) break;
      if (place != ownPlace && t != a + 1) tryPlace(route, a, t, place);
    }
  }
  if (bestPlace < 0) return;
  const code = reloadFor(route, a, bestPlace);
  if (code < 0) return;
  buildMoved(route, a, bestAt, code);
  commitSlots(1);
}

export function settleReloadsEverywhere(): void {
  for (let route = 0; route < routes && routedReloads > 0; route++) {
    if (isFrozen(route)) continue;
    for (let position = lengthOf(route) - 1; position >= 0; position--) {
      if (position < lengthOf(route) && isReload(jobAt(route, position))) settle(route, position);
    }
  }
}
