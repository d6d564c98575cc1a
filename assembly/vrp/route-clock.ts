// The wall clock of the route being timed, on a day its zone's offset changes (docs/planning-model.md,
// "Daylight saving"): times are seconds elapsed since the local midnight, while job windows and traffic hours
// go by the wall clock, which jumps by `shift` seconds `changeAt` seconds after midnight. A job without a date
// may go on routes of several dates, so its windows are read on the clock of each route that times it.

let changeAt: f64 = Infinity;
let shift: f64 = 0;

/** The clock the next times are read on (+Infinity: the wall clock never jumps, as on most days). */
export function useClock(clockChange: f64, clockShift: f64): void {
  changeAt = clockChange;
  shift = clockShift;
}

/** What the wall clock shows `elapsed` seconds after midnight. */
@inline export function wallTimeOf(elapsed: f64): f64 {
  return elapsed < changeAt ? elapsed : elapsed + shift;
}

/** When the wall clock shows `wall`: a skipped time is the moment of the jump; one shown twice, its first time. */
@inline export function elapsedOfWall(wall: f64): f64 {
  return wall < changeAt ? wall : Math.max(changeAt, wall - shift);
}
