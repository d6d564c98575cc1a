// The cheapest place for one job on one route: every position, priced by the candidate routes (in exact
// mode two concatenations of cached segments each). Positions may be skipped at random ("blinks", SISR).
import { addJob, addPrefix, addSuffix, begin, commitSlots, finish, finishedHard } from './candidate';
import { uniform } from './random';
import { allowedOn, restricted } from './search-problem';
import { costOf, hardOf, isClosed, lengthOf } from './state';

/** Result of the last bestInsertion: the added internal cost and the position (-1 when nowhere). */
export let insertionDelta: f64 = Infinity;
export let insertionPosition: i32 = -1;

export function bestInsertion(job: i32, route: i32, blinkRate: f64): void {
  insertionDelta = Infinity;
  insertionPosition = -1;
  if (isClosed(route) || (restricted && !allowedOn(job, route))) return;
  const length = lengthOf(route);
  const before = costOf(route);
  const allowedHard = hardOf(route);
  for (let position = 0; position <= length; position++) {
    if (blinkRate > 0 && uniform() < blinkRate) continue;
    begin(0, route);
    addPrefix(0, position);
    addJob(0, job);
    addSuffix(0, route, position);
    const cost = finish(0);
    if (finishedHard > allowedHard) continue;
    const delta = cost - before;
    if (delta < insertionDelta) {
      insertionDelta = delta;
      insertionPosition = position;
    }
  }
}

/** Inserts the job at the position on the route (one candidate, committed). */
export function insertAt(job: i32, route: i32, position: i32): void {
  begin(0, route);
  addPrefix(0, position);
  addJob(0, job);
  addSuffix(0, route, position);
  commitSlots(1);
}

