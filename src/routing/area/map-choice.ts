/**
 * Which served map answers a request: all points of one request are routed on one map, since no road leads
 * from one map to another. The map holding most of the points is chosen (the first served on a tie); a point
 * inside only other maps is a stray, refused at its JSON path. A point inside no map stays with the chosen
 * one, where it is unsnappable exactly as beyond the roads of a single map.
 */
import type { Fault } from '../../conventions/faults.js';
import type { LatLon } from '../../conventions/latlon.js';
import { areaContains, type MapArea } from './map-area.js';

/** A point of a request and the JSON path it was written at. */
export interface LocatedPoint {
  property: string;
  point: LatLon;
}

export interface MapChoice<Map> {
  map: Map;
  /** Points that lie in other maps but not in the chosen one. */
  strays: LocatedPoint[];
}

interface AreaMap {
  area: MapArea;
}

export function chooseMap<Map extends AreaMap>(maps: readonly Map[], points: readonly LocatedPoint[]): MapChoice<Map> {
  if (maps.length === 1) return { map: maps[0]!, strays: [] };
  const inside = maps.map((map) => points.map(({ point }) => areaContains(map.area, point)));
  const counts = inside.map((flags) => flags.filter(Boolean).length);
  const chosen = counts.indexOf(Math.max(...counts));
  const inAnyMap = (index: number) => inside.some((flags) => flags[index]);
  const strays = points.filter((_, index) => !inside[chosen]![index] && inAnyMap(index));
  return { map: maps[chosen]!, strays };
}

/** A stray's fault, in the form of an unsnappable stop's (a value out of the served range, at its path). */
export function strayFault(mapName: string): Fault {
  return {
    code: 'value_out_of_range_error',
    message: `This point lies on another map than the request's other points (${mapName}): one request is routed on one map`,
    parameters: { reason: 'other_map', map: mapName },
  };
}
