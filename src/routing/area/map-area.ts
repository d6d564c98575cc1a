/**
 * The area a served map answers for: the box of its road network, widened by the snap radius so that every point
 * the map could snap lies inside. Boxes rather than outlines: maps served together are separate regions, and a
 * point in a box's corner beyond any road is unsnappable on every map alike.
 */
import type { LatLon } from '../../conventions/latlon.js';
import { degreeBox } from '../../geometry/degree-box.js';
import type { RoadGraph } from '../../map/graph/road-graph.js';
import { DEFAULT_RADIUS_M } from '../../map/snap/snap-index.js';

export interface MapArea {
  south: number;
  west: number;
  north: number;
  east: number;
}

export function areaOfRoads(graph: RoadGraph): MapArea {
  let south = Infinity, west = Infinity, north = -Infinity, east = -Infinity;
  for (let node = 0; node < graph.nodeCount; node++) {
    south = Math.min(south, graph.nodeLat[node]!);
    north = Math.max(north, graph.nodeLat[node]!);
    west = Math.min(west, graph.nodeLon[node]!);
    east = Math.max(east, graph.nodeLon[node]!);
  }
  const margin = degreeBox(Math.max(Math.abs(south), Math.abs(north)), DEFAULT_RADIUS_M);
  return { south: south - margin.dLat, west: west - margin.dLon, north: north + margin.dLat, east: east + margin.dLon };
}

export function areaContains(area: MapArea, point: LatLon): boolean {
  return point.lat >= area.south && point.lat <= area.north && point.lon >= area.west && point.lon <= area.east;
}
