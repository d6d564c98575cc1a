/**
 * Travel costs from the road network, through the routing service's travel matrix (src/routing): one
 * many-to-many per travel class, on the class's vehicle profile and truck dimension class; a slower driving
 * speed stretches the durations. A marker's `intersection` is where it meets the street, so it is routed from
 * there. Points off the network come back unreachable, which the kernel reports as `no_safe_route`.
 *
 * Not yet: hour-slot matrices for `settings.enable_historic_traffic` (the routing service has no traffic
 * metric yet; `slots` stays 1) and a marker's `location_type` (travelMatrix snaps plain points).
 */
import { travelMatrix } from '../../routing/travel-matrix.js';
import type { Place } from '../model.js';
import { scaleDurations, type TravelClass, type TravelCostSource, type TravelMatrices } from './travel-costs.js';

export class RoadNetworkSource implements TravelCostSource {
  readonly name = 'road network';

  async matrices(places: readonly Place[], travelClass: TravelClass): Promise<TravelMatrices> {
    const vehicle = {
      profile: travelClass.vehicleType,
      ...(travelClass.heightMeters !== undefined && { heightMeters: travelClass.heightMeters }),
      ...(travelClass.weightTonnes !== undefined && { weightTonnes: travelClass.weightTonnes }),
    };
    const result = await travelMatrix(places.map((place) => place.intersection ?? place.point), { vehicle });
    return {
      size: places.length,
      slots: 1,
      durations: scaleDurations(result.durations, travelClass.drivingSpeedPercentage),
      distances: result.distances,
    };
  }
}
