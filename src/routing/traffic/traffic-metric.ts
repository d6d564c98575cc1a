/**
 * The metric of a vehicle in the predicted traffic of one moment: the pattern of that moment's hour of the
 * week on its wall clock, built on first use and shared like every metric (profile-router.ts).
 */
import type { MetricSelection } from '../query/metric-selection.js';
import type { ProfileRouter, RoutingMetric } from '../query/profile-router.js';
import { hourOfWeek } from './hour-of-week.js';
import { patternAt } from './traffic-model.js';

export function trafficMetricOfHour(router: ProfileRouter, vehicle: MetricSelection, hour: number): Promise<RoutingMetric> {
  return router.metric({ ...vehicle, trafficPattern: patternAt(router.traffic, hour) });
}

export function trafficMetricAt(router: ProfileRouter, vehicle: MetricSelection, epochSeconds: number, offsetMinutes: number): Promise<RoutingMetric> {
  return trafficMetricOfHour(router, vehicle, hourOfWeek(epochSeconds, offsetMinutes));
}
