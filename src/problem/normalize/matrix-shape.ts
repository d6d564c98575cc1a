/** `settings.matrix` must be square over the problem's places (extensions §10), with no negative entries. */
import type { FaultList } from '../../conventions/faults.js';
import type { TravelMatrixInput } from '../model.js';

function checkSquare(faults: FaultList, path: string, rows: (number | null)[][], size: number): void {
  const square = rows.length === size && rows.every((row) => Array.isArray(row) && row.length === size);
  if (!square) {
    faults.add(path, {
      code: 'value_out_of_range_error',
      message: `The matrix must have ${size} rows of ${size} entries, one per place of the problem`,
      parameters: { expected_size: size },
    });
    return;
  }
  rows.forEach((row, from) => {
    row.forEach((value, to) => {
      if (typeof value === 'number' && value < 0) {
        faults.add(`${path}[${from}][${to}]`, { code: 'value_out_of_range_error', message: 'Travel costs cannot be negative' }, value);
      }
    });
  });
}

export function checkMatrixShape(faults: FaultList, matrix: TravelMatrixInput, placeCount: number): void {
  checkSquare(faults, 'request.settings.matrix.durations', matrix.durations, placeCount);
  checkSquare(faults, 'request.settings.matrix.distances', matrix.distances, placeCount);
}
