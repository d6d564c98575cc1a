/**
 * The legs each route drives, in the order the timing kernel drives them (assembly/vrp/layout.ts): start place
 * → first stop when the route has a start place, then each job's location and exit location and each depot
 * visit, then the end place. Timing a plan as given needs only these legs, not a matrix over every place:
 * a road-network evaluate of 5,000 stops asks the router for thousands of legs instead of 25 million pairs.
 */
import type { Problem, Route } from '../model.js';
import type { RouteLegs, TravelMatrices } from './travel-costs.js';

export type PlacePair = readonly [from: number, to: number];

function legPlacesOf(route: Route): PlacePair[] {
  const pairs: PlacePair[] = [];
  if (route.visits.length === 0) return pairs;
  let here = route.startLocation?.index ?? -1;
  const driveTo = (place: number) => {
    if (here >= 0) pairs.push([here, place]);
    here = place;
  };
  for (const visit of route.visits) {
    if (visit.kind === 'depot') {
      driveTo(visit.place.index);
      continue;
    }
    driveTo(visit.job.location.index);
    if (visit.job.exitLocation) driveTo(visit.job.exitLocation.index);
  }
  if (route.endLocation) driveTo(route.endLocation.index);
  return pairs;
}

/** Where each route's legs start once they are laid end to end, and how many there are. */
export function legOffsets(problem: Problem): { routeLegStart: Int32Array; pairs: PlacePair[][]; total: number } {
  const routeLegStart = new Int32Array(problem.routes.length);
  const pairs = problem.routes.map(legPlacesOf);
  let total = 0;
  pairs.forEach((routePairs, route) => {
    routeLegStart[route] = total;
    total += routePairs.length;
  });
  return { routeLegStart, pairs, total };
}

/** The legs of every route read from dense class matrices (all classes must share one slot count). */
export function legsFromMatrices(problem: Problem, matrices: readonly TravelMatrices[], classOfRoute: Int32Array): RouteLegs {
  const { routeLegStart, pairs, total } = legOffsets(problem);
  const slots = matrices[0]?.slots ?? 1;
  const durations = new Float64Array(total * slots);
  const distances = new Float64Array(total);
  const unsafe = new Uint8Array(total);
  pairs.forEach((routePairs, route) => {
    const matrix = matrices[classOfRoute[route]!]!;
    const cells = matrix.size * matrix.size;
    routePairs.forEach(([from, to], index) => {
      const leg = routeLegStart[route]! + index;
      for (let slot = 0; slot < slots; slot++) durations[leg * slots + slot] = matrix.durations[slot * cells + from * matrix.size + to]!;
      distances[leg] = matrix.distances[from * matrix.size + to]!;
      unsafe[leg] = matrix.unsafePlaces[to]!;
    });
  });
  return { routeLegStart, slots, durations, distances, unsafe };
}
