/**
 * `settings.matrix` (docs/api.md, Matrices) read into flat row-major arrays in one pass that also checks it: square
 * over the problem's places, entries numbers ≥ 0 or null (unreachable, stored as −1).
 */
import { jsonTypeOf, requiredValueFault, type FaultList } from '../../conventions/faults.js';
import type { TravelMatrixInput } from '../model.js';
import type { Fields } from './fields.js';

function readTable(faults: FaultList, path: string, rows: unknown, size: number): Float64Array | undefined {
  if (rows === undefined || rows === null) {
    faults.add(path, requiredValueFault('a table of travel costs, one row per place', rows), rows);
    return undefined;
  }
  if (!Array.isArray(rows)) {
    faults.add(path, { code: 'invalid_type_error', message: `Expected a table of travel costs (a list of rows), got ${jsonTypeOf(rows)}` }, rows);
    return undefined;
  }
  if (rows.length !== size || !rows.every((row) => Array.isArray(row) && row.length === size)) {
    faults.add(path, {
      code: 'value_out_of_range_error',
      message: `Expected ${size} rows of ${size} entries, one per place of the problem`,
      parameters: { expected_size: size },
    });
    return undefined;
  }
  const flat = new Float64Array(size * size);
  rows.forEach((row: unknown[], from) => {
    for (let to = 0; to < size; to++) {
      const value = row[to];
      if (value === null) flat[from * size + to] = -1;
      else if (typeof value === 'number' && value >= 0) flat[from * size + to] = value;
      else faults.add(`${path}[${from}][${to}]`, typeof value === 'number'
        ? { code: 'value_out_of_range_error', message: 'Expected a travel cost of 0 or more', parameters: { minimum: 0 } }
        : { code: 'invalid_type_error', message: 'Expected a number or null' }, value);
    }
  });
  return flat;
}

export function readSettingsMatrix(settings: Fields | undefined, size: number): TravelMatrixInput | undefined {
  const matrix = settings?.nested('matrix');
  if (!matrix) return undefined;
  const durations = readTable(matrix.faults, matrix.pathOf('durations'), matrix.object.durations, size);
  const distances = readTable(matrix.faults, matrix.pathOf('distances'), matrix.object.distances, size);
  return durations && distances ? { size, durations, distances } : undefined;
}

/** The request without its matrix: the flat copy is what travels on, and return_request restores the rows. */
export function withoutMatrix(root: Record<string, unknown>): Record<string, unknown> {
  const settings = root.settings;
  if (typeof settings !== 'object' || settings === null || !('matrix' in settings)) return root;
  const { matrix: _matrix, ...rest } = settings as Record<string, unknown>;
  return { ...root, settings: rest };
}

export function matrixRows(table: Float64Array, size: number): (number | null)[][] {
  return Array.from({ length: size }, (_, from) =>
    Array.from(table.subarray(from * size, (from + 1) * size), (value) => (value < 0 ? null : value)));
}
