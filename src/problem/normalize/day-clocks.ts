/**
 * Times of day on a day the clocks change (docs/planning-model.md, "Daylight saving"): the planner computes in
 * seconds elapsed since the local midnight of the route's date, so the given wall-clock times of routes and
 * breaks are moved onto that clock, and so are the windows of jobs, by the day they are served on: their own
 * `date`, else the one date of all dated routes. Responses turn elapsed seconds back into wall-clock times.
 */
import { dayClock, elapsedOf, type DayClock } from '../../conventions/day-clock.js';
import { parseBoolean } from '../../conventions/scalars.js';
import type { Job, Problem, Route } from '../model.js';

function onRouteClock(route: Route, clock: DayClock): void {
  const wallStart = route.startTime;
  const relative = parseBoolean(route.source.breaks_relative_to_start);
  // Breaks relative to the start are durations after it; the others are wall-clock times.
  const moved = relative.ok && relative.value
    ? (time: number) => elapsedOf(clock, wallStart) + (time - wallStart)
    : (time: number) => elapsedOf(clock, time);
  route.clock = clock;
  route.startTime = elapsedOf(clock, wallStart);
  if (route.endTime !== undefined) route.endTime = elapsedOf(clock, route.endTime);
  route.breaks = route.breaks.map((driverBreak) => ({
    ...driverBreak, earliestStart: moved(driverBreak.earliestStart), latestStart: moved(driverBreak.latestStart),
  }));
}

function onJobClock(job: Job, clock: DayClock): void {
  job.clock = clock;
  job.timeWindows = job.timeWindows.map((window) => ({ start: elapsedOf(clock, window.start), end: elapsedOf(clock, window.end) }));
}

/** The date every dated route has, when there is exactly one. */
function singleRouteDate(routes: readonly Route[]): number | undefined {
  const dates = new Set(routes.flatMap((route) => (route.date === undefined ? [] : [route.date])));
  return dates.size === 1 ? [...dates][0] : undefined;
}

/** Applied once, to the problem just normalized; a plan on days without a change of offset is left as it is. */
export function applyDayClocks(problem: Problem): void {
  const zone = problem.settings.timezone;
  if (zone.kind !== 'iana') return;
  const clocks = new Map<number, DayClock | undefined>();
  const clockOf = (day: number | undefined) => {
    if (day === undefined) return undefined;
    if (!clocks.has(day)) clocks.set(day, dayClock(zone, day));
    return clocks.get(day);
  };
  for (const route of problem.routes) {
    const clock = clockOf(route.date);
    if (clock) onRouteClock(route, clock);
  }
  const planDate = singleRouteDate(problem.routes);
  for (const job of problem.jobs) {
    const clock = clockOf(job.date ?? planDate);
    if (clock) onJobClock(job, clock);
  }
}
