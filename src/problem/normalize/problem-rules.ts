/** Rules across entities (docs/api.md, Problem fields): dates on all routes or none, dated routes with schedules. */
import type { Fields } from './fields.js';

export function checkRouteDates(routes: Fields[], hasSchedules: boolean): void {
  const dated = routes.filter((route) => route.has('date'));
  const undated = routes.filter((route) => !route.has('date'));
  for (const route of undated) {
    if (hasSchedules) {
      route.fault('date', 'routes_with_schedules_must_have_dates_error', 'Expected a date: with schedules, every route needs one');
    } else if (dated.length > 0) {
      route.fault('date', 'route_dates_mismatch_error', 'Expected a date: if any route has one, every route must');
    }
  }
}
