/** The request fields insert and recommend add to a problem, read with every fault collected. */
import { FaultList } from '../../conventions/faults.js';
import { parseBoolean, parseInteger } from '../../conventions/scalars.js';

export function allowHardOf(body: Record<string, unknown>, faults: FaultList): boolean {
  return faults.readOptional('request.allow_hard_constraint_violations', body.allow_hard_constraint_violations, parseBoolean) ?? false;
}

/**
 * A result cap of recommend (docs/api.md, Dispatching): `-1`, `null`, `""` or absent mean no cap (Infinity, or `absent`
 * when the field has a default); `0` and other negatives are `value_out_of_range_error`.
 */
export function resultCapOf(body: Record<string, unknown>, field: string, faults: FaultList, absent = Infinity): number {
  const value = body[field];
  if (value === undefined) return absent;
  if (value === null || value === '') return Infinity;
  const property = `request.${field}`;
  const cap = faults.read(property, value, parseInteger);
  if (cap === undefined) return Infinity;
  if (cap === -1) return Infinity;
  if (cap < 1) {
    faults.add(property, { code: 'value_out_of_range_error', message: 'Expected -1 (no limit) or a positive integer', parameters: { minimum: 1 } }, value);
  }
  return cap;
}
