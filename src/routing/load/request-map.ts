/**
 * The map a request is answered on (docs/routing-service.md, Serving several maps). Operations declare where their
 * points lie; validation refuses points on other maps than the rest, and the computation runs with `routingMap()`
 * answering the chosen map, so that the planner's matrices, legs and traffic slots all come from it without
 * handing a map down every call.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FaultList } from '../../conventions/faults.js';
import { formatLatLon } from '../../conventions/latlon.js';
import { strayFault, type LocatedPoint } from '../area/map-choice.js';
import { loadedMaps, servedMaps, type RoutingMap } from './attach-routing-map.js';

const requestMap = new AsyncLocalStorage<RoutingMap>();

/** The map the current request is answered on: the one its points lie in, else the first served. */
export function routingMap(): RoutingMap {
  return requestMap.getStore() ?? servedMaps().first;
}

/** Adds a fault at each point lying on another map than the request's other points. */
export function refuseStrays(points: readonly LocatedPoint[], faults: FaultList): void {
  const maps = loadedMaps();
  if (!maps || maps.maps.length === 1) return;
  const { map, strays } = maps.choose(points);
  for (const stray of strays) faults.add(stray.property, strayFault(map.summary.name), formatLatLon(stray.point));
}

/** Runs `compute` with `routingMap()` answering the map that holds most of `points`. */
export function onMapOf<T>(points: readonly LocatedPoint[], compute: () => Promise<T>): Promise<T> {
  const maps = loadedMaps();
  return !maps || maps.maps.length === 1 ? compute() : requestMap.run(maps.choose(points).map, compute);
}
