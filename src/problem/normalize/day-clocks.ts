/**
 * Times of day on a day the clocks change (docs/planning-model.md, "Daylight saving"): the planner computes in
 * seconds elapsed since the local midnight of the route's date, so the route's given wall-clock times and its
 * breaks are moved onto that clock here. Job windows stay wall-clock times: a job without a date may go on routes
 * of several dates, so the kernel reads each window on the clock of the route it is timed on. Responses turn
 * elapsed seconds back into wall-clock times.
 */
import { dayClock, elapsedOf, type DayClock } from '../../conventions/day-clock.js';
import { parseBoolean } from '../../conventions/scalars.js';
import type { Problem, Route } from '../model.js';

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

/** Applied once, to the problem just normalized; a plan on days without a change of offset is left as it is. */
export function applyDayClocks(problem: Problem): void {
  const zone = problem.settings.timezone;
  if (zone.kind !== 'iana') return;
  const clocks = new Map<number, DayClock | undefined>();
  for (const route of problem.routes) {
    if (route.date === undefined) continue;
    if (!clocks.has(route.date)) clocks.set(route.date, dayClock(zone, route.date));
    const clock = clocks.get(route.date);
    if (clock) onRouteClock(route, clock);
  }
}
