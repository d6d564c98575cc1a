/**
 * Travel costs from the road network, through the routing service (src/routing, built separately).
 *
 * SEAM: the routing service's matrix function does not exist yet. When it lands, `RoadNetworkSource.matrices`
 * calls it with the places (location, intersection, location type: snapping is the routing service's job),
 * the class's vehicle profile, and one call per hour slot when historic traffic is on. Until then a
 * problem without `settings.matrix` is answered with a clear 503 rather than with made-up numbers.
 */
import { AppError } from '../../errors.js';
import type { Place } from '../model.js';
import type { TravelClass, TravelCostSource, TravelMatrices } from './travel-costs.js';

export class RoadNetworkSource implements TravelCostSource {
  readonly name = 'road network';

  async matrices(_places: readonly Place[], _travelClass: TravelClass): Promise<TravelMatrices> {
    throw new AppError('service_unavailable_error', 'Travel costs from the road network are not available yet; give settings.matrix');
  }
}
