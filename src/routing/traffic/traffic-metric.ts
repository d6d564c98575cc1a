/**
 * The metric of a vehicle at one moment: its hour of the week on the wall clock of the moment's offset picks a
 * time slot (time-slots.ts) — that hour's predicted traffic when the route drives in traffic, and the
 * conditional turn restrictions in force then in any case. Built on first use and shared like every metric
 * (profile-router.ts).
 */
import type { MetricSelection } from '../query/metric-selection.js';
import type { ProfileRouter, RoutingMetric } from '../query/profile-router.js';
import { hourOfWeek } from './hour-of-week.js';

export function metricOfHour(router: ProfileRouter, vehicle: MetricSelection, hour: number, inTraffic: boolean): Promise<RoutingMetric> {
  return router.metric({ ...vehicle, timeSlot: (inTraffic ? router.slots.inTraffic : router.slots.freeFlow)[hour]! });
}

export function metricAt(router: ProfileRouter, vehicle: MetricSelection, epochSeconds: number, offsetMinutes: number, inTraffic: boolean): Promise<RoutingMetric> {
  return metricOfHour(router, vehicle, hourOfWeek(epochSeconds, offsetMinutes), inTraffic);
}
