/**
 * `settings.matrix` (extensions §10): the request brings its own metric, indexed by the order of the
 * problem's places (src/problem/normalize/places.ts). Used by benchmark instances with their own metric.
 */
import type { Place, TravelMatrixInput } from '../model.js';
import { scaleDurations, unreachable, type TravelClass, type TravelCostSource, type TravelMatrices } from './travel-costs.js';

function flatten(rows: (number | null)[][], size: number): Float64Array {
  const flat = new Float64Array(size * size);
  for (let from = 0; from < size; from++) {
    const row = rows[from]!;
    for (let to = 0; to < size; to++) {
      const value = row[to];
      flat[from * size + to] = typeof value === 'number' ? value : unreachable;
    }
  }
  return flat;
}

export class SettingsMatrixSource implements TravelCostSource {
  readonly name = 'settings.matrix';

  constructor(private readonly matrix: TravelMatrixInput) {}

  async matrices(places: readonly Place[], travelClass: TravelClass): Promise<TravelMatrices> {
    const size = places.length;
    return {
      size,
      slots: 1,
      durations: scaleDurations(flatten(this.matrix.durations, size), travelClass.drivingSpeedPercentage),
      distances: flatten(this.matrix.distances, size),
    };
  }
}
