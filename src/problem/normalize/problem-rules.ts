/** Rules across entities (interface.md part 2): dates on all routes or none, dated routes with schedules. */
import type { Fields } from './fields.js';

export function checkRouteDates(routes: Fields[], hasSchedules: boolean): void {
  const dated = routes.filter((route) => route.has('date'));
  const undated = routes.filter((route) => !route.has('date'));
  for (const route of undated) {
    if (hasSchedules) {
      route.fault('date', 'routes_with_schedules_must_have_dates_error', 'With schedules, every route needs a date');
    } else if (dated.length > 0) {
      route.fault('date', 'route_dates_mismatch_error', 'If any route has a date, every route must have one');
    }
  }
}
