/**
 * `settings.route_paths`: the path driven to each stop, from the last stop before it that has a place
 * (breaks have none). Indexed like the timed stops; the first stop of a route has no path.
 */
import type { LatLon } from '../conventions/latlon.js';
import type { TimedRoute } from '../kernels/vrp-records.js';
import type { Problem } from '../problem/model.js';
import type { LegPathSource } from '../problem/travel/leg-paths.js';
import { StraightLegPaths } from '../problem/travel/leg-paths.js';
import { RoadNetworkLegPaths } from '../problem/travel/road-network-leg-paths.js';
import { travelClassOf } from '../problem/travel/travel-costs.js';

export type StopPaths = (LatLon[] | undefined)[];

function legPathSourceOf(problem: Problem): LegPathSource {
  return problem.settings.matrix ? new StraightLegPaths() : new RoadNetworkLegPaths();
}

export async function routePaths(problem: Problem, timed: readonly TimedRoute[]): Promise<StopPaths[]> {
  const source = legPathSourceOf(problem);
  return Promise.all(problem.routes.map(async (route, index) => {
    const travelClass = travelClassOf(route);
    let previous: number | undefined;
    const paths: StopPaths = [];
    for (const stop of timed[index]!.stops) {
      if (stop.place < 0) {
        paths.push(undefined);
        continue;
      }
      const from = previous === undefined ? undefined : problem.places[previous]!;
      paths.push(from ? await source.path(from, problem.places[stop.place]!, travelClass) : undefined);
      previous = stop.place;
    }
    return paths;
  }));
}
