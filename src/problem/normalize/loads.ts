/** Loads and capacities: a single number or a list of up to four metrics (docs/api.md, Problem fields). */
import type { Parsed } from '../../conventions/faults.js';
import { parseNonNegativeNumber, parseNumber } from '../../conventions/scalars.js';
import { sizeLimits } from '../schema/limits.js';
import type { Fields } from './fields.js';

function metricsAt(fields: Fields, single: string, multiple: string, parse: (value: unknown) => Parsed<number>): number[] | undefined {
  fields.exclusive(single, multiple);
  const one = fields.read(single, parse);
  if (one !== undefined) return [one];
  const many = fields.list(multiple, parse);
  if (many && many.length > sizeLimits.capacityMetrics) {
    fields.fault(multiple, 'too_many_capacity_metrics_error', `At most ${sizeLimits.capacityMetrics} capacity metrics are supported`, {
      limit: sizeLimits.capacityMetrics,
    });
    return undefined;
  }
  return many;
}

/** A job's `load` / `loads`: positive = delivery, negative = pickup. */
export function jobLoadsAt(job: Fields): number[] | undefined {
  return metricsAt(job, 'load', 'loads', parseNumber);
}

/** A route's or vehicle's `load_capacity` / `load_capacities`. */
export function capacitiesAt(fields: Fields): number[] | undefined {
  return metricsAt(fields, 'load_capacity', 'load_capacities', parseNonNegativeNumber);
}
