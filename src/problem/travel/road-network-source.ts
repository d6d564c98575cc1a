/**
 * Travel costs from the road network, through the routing service's travel matrix (src/routing): one
 * many-to-many per travel class, on the class's vehicle profile and truck dimension class; a slower driving
 * speed stretches the durations. Places are snapped as markers: with their `location_type` and
 * `intersection` (src/routing/query/stop-snap.ts). Points off the network come back unreachable, which the kernel
 * reports as `no_safe_route`; a place its type could only put on a forbidden road is reached anyway, and the
 * kernel flags the legs into it `no_safe_route` (docs/api.md, Violations).
 *
 * With `settings.enable_historic_traffic` the durations come in 24 hour-of-day slots (a leg takes the slot it
 * departs in), each from the routing service's traffic model on a typical weekday, Tuesday; hours of the
 * same traffic pattern share one matrix. Distances are those of the first slot.
 */
import { distanceMetres, durationSeconds, HOURS_PER_DAY_SLOTS, type StopPlace, type TravelMatrixResult, trafficHourOfSlot, timeSlotOfPlannerSlot, travelMatrix } from '../../routing/index.js';
import type { Place, Problem } from '../model.js';
import { legOffsets } from './route-legs.js';
import { routingVehicleOf, scaleDurations, type RouteLegs, type TravelClass, type TravelCostSource, type TravelMatrices } from './travel-costs.js';

/** A place as the snap step takes it: a marker with its location type and driveway intersection. */
export function stopOf(place: Place): StopPlace {
  return {
    location: place.point,
    ...(place.intersection && { intersection: place.intersection }),
    ...(place.locationType && { type: place.locationType }),
  };
}

interface SlotMatrices {
  durations: Float64Array[];
  distances: Float64Array;
  unsafePlaces: Uint8Array;
}

/** Durations in seconds at the class's speed. */
function slotDurations(result: TravelMatrixResult, travelClass: TravelClass): Float64Array {
  return scaleDurations(durationSeconds(result), travelClass.drivingSpeedPercentage);
}

function unsafePlacesOf(result: TravelMatrixResult): Uint8Array {
  const unsafe = new Uint8Array(result.destinationCount);
  for (const to of result.unsafeDestinations) unsafe[to] = 1;
  return unsafe;
}

export class RoadNetworkSource implements TravelCostSource {
  readonly name = 'road network';
  private readonly slots: number;

  constructor(private readonly historicTraffic = false) {
    this.slots = historicTraffic ? HOURS_PER_DAY_SLOTS : 1;
  }

  /** One matrix per slot over these stops; slots of the same time slot (traffic and restrictions) computed once. */
  private async slotMatrices(stops: StopPlace[], travelClass: TravelClass): Promise<SlotMatrices> {
    const vehicle = routingVehicleOf(travelClass);
    if (!this.historicTraffic) {
      const result = await travelMatrix(stops, { vehicle });
      return { durations: [slotDurations(result, travelClass)], distances: distanceMetres(result), unsafePlaces: unsafePlacesOf(result) };
    }
    const byTimeSlot = new Map<number, Promise<TravelMatrixResult>>();
    const results = await Promise.all(Array.from({ length: this.slots }, (_, slot) => {
      const timeSlot = timeSlotOfPlannerSlot(vehicle.profile, slot);
      let result = byTimeSlot.get(timeSlot);
      if (!result) byTimeSlot.set(timeSlot, (result = travelMatrix(stops, { vehicle, hourOfWeek: trafficHourOfSlot(slot), inTraffic: true })));
      return result;
    }));
    const first = results[0]!;
    return { durations: results.map((result) => slotDurations(result, travelClass)), distances: distanceMetres(first), unsafePlaces: unsafePlacesOf(first) };
  }

  async matrices(places: readonly Place[], travelClass: TravelClass): Promise<TravelMatrices> {
    const { durations, distances, unsafePlaces } = await this.slotMatrices(places.map(stopOf), travelClass);
    const all = new Float64Array(durations.length * places.length * places.length);
    durations.forEach((slot, index) => all.set(slot, index * slot.length));
    return { size: places.length, slots: this.slots, durations: all, distances, unsafePlaces };
  }

  /** One small many-to-many per route (and slot), over the places that route visits. */
  async routeLegs(problem: Problem, classes: readonly TravelClass[], classOfRoute: Int32Array): Promise<RouteLegs> {
    const { routeLegStart, pairs, total } = legOffsets(problem);
    const slots = this.slots;
    const durations = new Float64Array(total * slots);
    const distances = new Float64Array(total);
    const unsafe = new Uint8Array(total);
    for (let route = 0; route < pairs.length; route++) {
      const routePairs = pairs[route]!;
      if (routePairs.length === 0) continue;
      const visited = [...new Set(routePairs.flat())];
      const local = new Map(visited.map((place, index) => [place, index]));
      const matrices = await this.slotMatrices(visited.map((place) => stopOf(problem.places[place]!)), classes[classOfRoute[route]!]!);
      routePairs.forEach(([from, to], index) => {
        const cell = local.get(from)! * visited.length + local.get(to)!;
        const leg = routeLegStart[route]! + index;
        for (let slot = 0; slot < slots; slot++) durations[leg * slots + slot] = matrices.durations[slot]![cell]!;
        distances[leg] = matrices.distances[cell]!;
        unsafe[leg] = matrices.unsafePlaces[local.get(to)!]!;
      });
    }
    return { routeLegStart, slots, durations, distances, unsafe };
  }
}
