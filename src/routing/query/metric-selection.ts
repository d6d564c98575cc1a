/**
 * Which metric a request drives on: a truck dimension class (or none) and a time slot (time-slots.ts: the
 * traffic pattern and the conditional restrictions of the hour driven; free flow by default). Key 0 is the
 * map's default metric (contracted at load); every other key is built on first use and shared through the
 * MetricTable.
 */
import { DIMENSION_CLASS_COUNT, type DimensionClass } from '../../map/profiles/dimension-classes.js';

export interface MetricSelection {
  /** Trucks: the dimension class whose forbidden ways are closed. */
  dimensionClass?: DimensionClass;
  /** The slot of the hour driven (time-slots.ts); 0 when the hour does not matter. */
  timeSlot?: number;
}

export const DEFAULT_METRIC_KEY = 0;

/**
 * Keys a profile's table must hold: every time slot of the default metric and, for trucks, of every
 * dimension class. A truck table holds mostly zeros, of which only the pages of classes in use are ever
 * touched (and so resident).
 */
export function metricTableCapacity(checksDimensions: boolean, slotCount: number): number {
  return (1 + (checksDimensions ? DIMENSION_CLASS_COUNT : 0)) * slotCount;
}

export function metricKey(selection: MetricSelection, slotCount: number): number {
  const dimension = selection.dimensionClass ? 1 + selection.dimensionClass.id : 0;
  return dimension * slotCount + (selection.timeSlot ?? 0);
}
