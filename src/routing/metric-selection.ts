/**
 * Which metric a request drives on. Key 0 is the map's default metric (contracted at load); every other key
 * is built on first use and shared through the MetricTable. Issue 4 adds the traffic slot to the selection.
 */
import { DIMENSION_CLASS_COUNT, type DimensionClass } from '../map/profiles/dimension-classes.js';
import type { MetricOptions } from '../map/graph/metric.js';

export interface MetricSelection {
  /** Trucks: the dimension class whose forbidden ways are closed. */
  dimensionClass?: DimensionClass;
}

export const DEFAULT_METRIC_KEY = 0;
export const METRIC_TABLE_CAPACITY = 1 + DIMENSION_CLASS_COUNT;

export function metricKey(selection: MetricSelection): number {
  return selection.dimensionClass ? 1 + selection.dimensionClass.id : DEFAULT_METRIC_KEY;
}

/** What `computeMetric` needs to produce the selection's arc weights. */
export function metricOptions(selection: MetricSelection): MetricOptions {
  return selection.dimensionClass ? { dimensionClass: selection.dimensionClass } : {};
}
