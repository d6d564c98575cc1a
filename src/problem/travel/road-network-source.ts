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
import type { Place, Problem } from '../model.js';
import { legOffsets, type RouteLegs } from './route-legs.js';
import { scaleDurations, type TravelClass, type TravelCostSource, type TravelMatrices } from './travel-costs.js';

function vehicleOf(travelClass: TravelClass) {
  return {
    profile: travelClass.vehicleType,
    ...(travelClass.heightMeters !== undefined && { heightMeters: travelClass.heightMeters }),
    ...(travelClass.weightTonnes !== undefined && { weightTonnes: travelClass.weightTonnes }),
  };
}

/** The routed point of a place: where it meets the street when that is known. */
function routedPoint(place: Place) {
  return place.intersection ?? place.point;
}

export class RoadNetworkSource implements TravelCostSource {
  readonly name = 'road network';

  async matrices(places: readonly Place[], travelClass: TravelClass): Promise<TravelMatrices> {
    const result = await travelMatrix(places.map(routedPoint), { vehicle: vehicleOf(travelClass) });
    return {
      size: places.length,
      slots: 1,
      durations: scaleDurations(result.durations, travelClass.drivingSpeedPercentage),
      distances: result.distances,
    };
  }

  /** One small many-to-many per route, over the places that route visits. */
  async routeLegs(problem: Problem, classes: readonly TravelClass[], classOfRoute: Int32Array): Promise<RouteLegs> {
    const { routeLegStart, pairs, total } = legOffsets(problem);
    const durations = new Float64Array(total);
    const distances = new Float64Array(total);
    for (let route = 0; route < pairs.length; route++) {
      const routePairs = pairs[route]!;
      if (routePairs.length === 0) continue;
      const travelClass = classes[classOfRoute[route]!]!;
      const visited = [...new Set(routePairs.flat())];
      const local = new Map(visited.map((place, index) => [place, index]));
      const result = await travelMatrix(visited.map((place) => routedPoint(problem.places[place]!)), { vehicle: vehicleOf(travelClass) });
      const speed = scaleDurations(result.durations, travelClass.drivingSpeedPercentage);
      routePairs.forEach(([from, to], index) => {
        const cell = local.get(from)! * visited.length + local.get(to)!;
        durations[routeLegStart[route]! + index] = speed[cell]!;
        distances[routeLegStart[route]! + index] = result.distances[cell]!;
      });
    }
    return { routeLegStart, slots: 1, durations, distances };
  }
}
