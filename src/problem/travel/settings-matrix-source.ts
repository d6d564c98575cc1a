/**
 * `settings.matrix` (docs/api.md, Matrices): the request brings its own metric, indexed by the order of the
 * problem's places (src/problem/normalize/places.ts). Used by benchmark instances with their own metric.
 */
import type { Place, Problem, TravelMatrixInput } from '../model.js';
import { legsFromMatrices } from './route-legs.js';
import { scaleDurations, type RouteLegs, type TravelClass, type TravelCostSource, type TravelMatrices } from './travel-costs.js';

export class SettingsMatrixSource implements TravelCostSource {
  readonly name = 'settings.matrix';

  constructor(private readonly matrix: TravelMatrixInput) {}

  async routeLegs(problem: Problem, classes: readonly TravelClass[], classOfRoute: Int32Array): Promise<RouteLegs> {
    return legsFromMatrices(problem, classes.map((travelClass) => this.matricesOf(travelClass)), classOfRoute);
  }

  async matrices(_places: readonly Place[], travelClass: TravelClass): Promise<TravelMatrices> {
    return this.matricesOf(travelClass);
  }

  private matricesOf(travelClass: TravelClass): TravelMatrices {
    return {
      size: this.matrix.size,
      slots: 1,
      durations: scaleDurations(this.matrix.durations, travelClass.drivingSpeedPercentage),
      distances: this.matrix.distances,
      unsafePlaces: new Uint8Array(this.matrix.size),
    };
  }
}
