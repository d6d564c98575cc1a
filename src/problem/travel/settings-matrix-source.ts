/**
 * `settings.matrix` (extensions §10): the request brings its own metric, indexed by the order of the
 * problem's places (src/problem/normalize/places.ts). Used by benchmark instances with their own metric.
 */
import type { Place, TravelMatrixInput } from '../model.js';
import { scaleDurations, type TravelClass, type TravelCostSource, type TravelMatrices } from './travel-costs.js';

export class SettingsMatrixSource implements TravelCostSource {
  readonly name = 'settings.matrix';

  constructor(private readonly matrix: TravelMatrixInput) {}

  async matrices(_places: readonly Place[], travelClass: TravelClass): Promise<TravelMatrices> {
    return {
      size: this.matrix.size,
      slots: 1,
      durations: scaleDurations(this.matrix.durations, travelClass.drivingSpeedPercentage),
      distances: this.matrix.distances,
    };
  }
}
