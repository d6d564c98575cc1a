/**
 * Which metric a request drives on: a truck dimension class (or none) and a traffic pattern (free flow by
 * default). Key 0 is the map's default metric (contracted at load); every other key is built on first use and
 * shared through the MetricTable.
 */
import { DIMENSION_CLASS_COUNT, type DimensionClass } from '../../map/profiles/dimension-classes.js';
import { FREE_FLOW_PATTERN, TRAFFIC_PATTERN_CAPACITY } from '../traffic/traffic-model.js';

export interface MetricSelection {
  /** Trucks: the dimension class whose forbidden ways are closed. */
  dimensionClass?: DimensionClass;
  /** Predicted traffic: the pattern of the hour driven (traffic-model.ts). */
  trafficPattern?: number;
}

export const DEFAULT_METRIC_KEY = 0;
/**
 * Keys a profile's table must hold: every traffic pattern of the default metric and, for trucks, of every
 * dimension class. A truck table is tens of megabytes of zeros, of which only the pages of classes in use are
 * ever touched (and so resident).
 */
export function metricTableCapacity(checksDimensions: boolean): number {
  return (1 + (checksDimensions ? DIMENSION_CLASS_COUNT : 0)) * TRAFFIC_PATTERN_CAPACITY;
}

export function metricKey(selection: MetricSelection): number {
  const dimension = selection.dimensionClass ? 1 + selection.dimensionClass.id : 0;
  return dimension * TRAFFIC_PATTERN_CAPACITY + (selection.trafficPattern ?? FREE_FLOW_PATTERN);
}
