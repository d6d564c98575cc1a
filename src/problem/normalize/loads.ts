/** Loads and capacities: a single number or a list of up to four metrics (extensions §3). */
import { parseNumber } from '../../conventions/scalars.js';
import { sizeLimits } from '../schema/limits.js';
import type { Fields } from './fields.js';

export function metricsAt(fields: Fields, single: string, multiple: string): number[] | undefined {
  fields.exclusive(single, multiple);
  const one = fields.number(single);
  if (one !== undefined) return [one];
  const many = fields.list(multiple, parseNumber);
  if (many && many.length > sizeLimits.capacityMetrics) {
    fields.fault(multiple, 'too_many_capacity_metrics_error', `At most ${sizeLimits.capacityMetrics} capacity metrics are supported`, {
      limit: sizeLimits.capacityMetrics,
    });
    return undefined;
  }
  return many;
}
