/**
 * The hour of the week a moment falls in, on the wall clock of the offset it was given in: 0 is Monday
 * 00:00–01:00, 167 is Sunday 23:00–24:00. Traffic repeats weekly, so this is all a traffic model is indexed by.
 */
export const HOURS_PER_WEEK = 168;

/** 1970-01-01 was a Thursday: three days after a Monday. */
const EPOCH_WEEKDAY_FROM_MONDAY = 3;

export function hourOfWeek(epochSeconds: number, offsetMinutes: number): number {
  const localHours = Math.floor((epochSeconds + offsetMinutes * 60) / 3600);
  const hour = ((localHours + EPOCH_WEEKDAY_FROM_MONDAY * 24) % HOURS_PER_WEEK + HOURS_PER_WEEK) % HOURS_PER_WEEK;
  return hour;
}
