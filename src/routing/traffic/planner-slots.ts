/**
 * How the planner's hour-of-day slots (`settings.enable_historic_traffic`, docs/api.md, Problem fields) read the weekly
 * traffic model: its legs are timed from the midnight of the route's day, and the travel matrices are shared
 * by every route of a class whatever its date, so each slot takes that hour of a typical weekday, Tuesday.
 */
import { routingMap } from '../load/request-map.js';
import type { ProfileName } from '../../map/profiles/index.js';

export const HOURS_PER_DAY_SLOTS = 24;
const TYPICAL_WEEKDAY = 1;

export function trafficHourOfSlot(slot: number): number {
  return TYPICAL_WEEKDAY * HOURS_PER_DAY_SLOTS + slot;
}

/** The time slot of a planner slot (time-slots.ts): planner slots of one time slot drive the same metric, so they share a matrix. */
export function timeSlotOfPlannerSlot(profile: ProfileName, slot: number): number {
  return routingMap().router(profile).slots.inTraffic[trafficHourOfSlot(slot)]!;
}
