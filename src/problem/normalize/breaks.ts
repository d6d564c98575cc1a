import type { DriverBreak } from '../model.js';
import type { Fields } from './fields.js';

/** A route's `breaks`, as times of day (offsets from `startTime` when `breaks_relative_to_start`). */
export function normalizeBreaks(route: Fields, startTime: number): DriverBreak[] {
  const offset = route.boolean('breaks_relative_to_start') ? startTime : 0;
  const breaks: DriverBreak[] = [];
  route.objects('breaks').forEach((driverBreak, index) => {
    driverBreak.exclusive('start', 'earliest_start');
    driverBreak.exclusive('start', 'latest_start');
    const start = driverBreak.timeOfDay('start');
    const earliest = start ?? driverBreak.timeOfDay('earliest_start') ?? Number.NEGATIVE_INFINITY;
    const latest = start ?? driverBreak.timeOfDay('latest_start') ?? Number.POSITIVE_INFINITY;
    if (latest < earliest) {
      driverBreak.fault('latest_start', 'time_window_end_before_start_error', 'The break must start before its latest start');
    }
    driverBreak.require('length', 'the break\'s length "HH:MM"');
    const length = driverBreak.timespan('length');
    if (length === undefined || latest < earliest) return;
    breaks.push({
      id: driverBreak.text('id') ?? `break_${index}`,
      name: driverBreak.text('name'),
      earliestStart: earliest + offset,
      latestStart: latest + offset,
      length,
    });
  });
  return breaks.sort((a, b) => a.earliestStart - b.earliestStart);
}
