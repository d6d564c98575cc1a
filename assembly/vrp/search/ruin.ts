// Ruin by string removals (SISR, Christiaens & Vanden Berghe 2020): around a random seed job, strings of
// consecutive jobs are cut from the routes of the seed's nearest neighbours, at most one string per route
// unless the route is long. Removed jobs become unrouted; recreate puts them back.
import { commitSlots, addPrefix, addSuffix, begin } from './candidate';
import { allocI32, geti, seti } from './memory';
import { neighbourCount, neighbourOf } from './neighbours';
import { below, uniform } from './random';
import { jobs, routes } from './search-problem';
import { lengthOf, positionOf, routeOf, unroutedCount, usedRouteCount } from './state';
import { keepRoutes } from './home-routes';
import { frozenCount, isFrozen } from './frozen-routes';

/** Average number of jobs removed, and the longest string. */
const AVERAGE_REMOVED: f64 = 10;
const LONGEST_STRING: f64 = 10;
/**
 * A route of at least this many jobs may lose several strings in one ruin. On routes of 30 to 50 jobs (Solomon
 * R2 and RC2 at their least fleet) most of a seed's neighbours share one or two routes, so one string per route
 * cut one or two strings at most and the distance search stalled (RC204 at 3 vehicles, one thread: 7.9 % above
 * the best-known distance, 90,000 iterations without a new best; 0.1 % with several strings; docs/vrp.md).
 */
const SEVERAL_STRINGS_FROM: i32 = 2 * <i32>LONGEST_STRING;

let ruinedStamp: usize = 0;   // i32[route]: ruin round in which the route lost a string
let round: i32 = 0;

export function bindRuin(): void {
  ruinedStamp = allocI32(routes);
}

function removeString(route: i32, from: i32, count: i32): void {
  begin(0, route);
  addPrefix(0, from);
  addSuffix(0, route, from + count);
  commitSlots(1);
}

function ruinAround(job: i32, stringLimit: f64): bool {
  const route = routeOf(job);
  if (route < 0 || isFrozen(route)) return false;
  const length = lengthOf(route);
  // Sequence cuts its routes apart on their own: several strings may come from one route.
  const severalStrings = keepRoutes || length >= SEVERAL_STRINGS_FROM;
  if (!severalStrings && geti(ruinedStamp, route) == round) return false;
  seti(ruinedStamp, route, round);
  const longest = Math.min(<f64>length, stringLimit);
  const count = <i32>(uniform() * longest) + 1;
  // A string of `count` jobs that contains `job`, at a random offset.
  const position = positionOf(job);
  const lowest = max(0, position - count + 1);
  const highest = min(position, length - count);
  removeString(route, lowest + below(highest - lowest + 1), count);
  return true;
}

let longestString: f64 = 0;  // the longest string of the current ruin
let stringCount: i32 = 0;    // how many strings it cuts

function drawStrings(): void {
  const routed = jobs - unroutedCount;
  round++;
  longestString = Math.min(LONGEST_STRING, <f64>routed / <f64>usedRouteCount());
  const stringsLimit = 4 * AVERAGE_REMOVED / (1 + longestString) - 1;
  stringCount = <i32>(uniform() * stringsLimit) + 1;
}

function cutStringsAround(seed: i32): void {
  let done = ruinAround(seed, longestString) ? 1 : 0;
  for (let k = 0; k < neighbourCount && done < stringCount; k++) {
    if (ruinAround(neighbourOf(seed, k), longestString)) done++;
  }
}

function onOpenRoute(job: i32): bool {
  const route = routeOf(job);
  return route >= 0 && !isFrozen(route);
}

/** Random draws for a seed before frozen routes make ruin look through the jobs in turn. */
const SEED_DRAWS: i32 = 64;

/** A random job on a route that is not frozen, -1 when there is none. */
function drawSeed(): i32 {
  for (let draw = 0; frozenCount == 0 || draw < SEED_DRAWS; draw++) {
    const job = below(jobs);
    if (onOpenRoute(job)) return job;
  }
  const start = below(jobs);
  for (let index = 0; index < jobs; index++) {
    const job = (start + index) % jobs;
    if (onOpenRoute(job)) return job;
  }
  return -1;
}

/** Removes strings around a random job on a route that is not frozen; returns false when there is none. */
export function ruin(): bool {
  if (jobs == unroutedCount) return false;
  drawStrings();
  const seed = drawSeed();
  if (seed < 0) return false;
  cutStringsAround(seed);
  return true;
}

/**
 * Removes strings from the routes of `seed` (when it is routed) and of its nearest neighbours: around an
 * unrouted job, this makes room where it would fit. Needs a routed job.
 */
export function ruinNear(seed: i32): void {
  drawStrings();
  cutStringsAround(seed);
}
