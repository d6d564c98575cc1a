/**
 * The `delta_*` of a recommend option: the route's written values after minus before, so that they equal the
 * difference of two evaluate answers to the cent and the second (negative where the route gets shorter).
 */
import { clockSeconds, formatTimespan } from '../../conventions/timespan.js';
import type { RouteResponse } from '../../problem/response/route-response.js';
import { twoDecimals } from '../../problem/response/written-values.js';

function seconds(text: unknown): number {
  const clock = clockSeconds(String(text));
  if (!clock) throw new Error(`not a written timespan: ${String(text)}`);
  return clock.seconds;
}

export interface RouteDeltas {
  delta_cost: number;
  delta_internal_cost: number;
  delta_distance_meters: number;
  delta_working_time: string;
  delta_driving_time: string;
}

export function routeDeltas(after: RouteResponse, before: RouteResponse): RouteDeltas {
  const difference = (field: string) => twoDecimals((after[field] as number) - (before[field] as number));
  const timespan = (field: string) => formatTimespan(seconds(after[field]) - seconds(before[field]));
  return {
    delta_cost: difference('cost'),
    delta_internal_cost: difference('internal_cost'),
    delta_distance_meters: difference('distance_meters'),
    delta_working_time: timespan('working_time'),
    delta_driving_time: timespan('driving_time'),
  };
}
