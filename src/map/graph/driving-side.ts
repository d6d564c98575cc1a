import type { RoadGraph } from './road-graph.js';
import type { DrivingSide } from './turn-model.js';

/**
 * Boxes [south, west, north, east] around the main regions where traffic keeps left. Coarse on purpose: a map
 * is one extract, and its side is decided once, at its centre (docs/routing.md lists the regions).
 */
const LEFT_HAND_REGIONS: readonly (readonly [number, number, number, number])[] = [
  [49.8, -10.7, 60.9, 1.8], // Great Britain, Ireland, Channel Islands
  [35.7, 14.1, 36.1, 14.6], // Malta
  [34.5, 32.2, 35.8, 34.7], // Cyprus
  [24.0, 122.9, 45.6, 146.0], // Japan
  [22.1, 113.8, 22.6, 114.5], // Hong Kong, Macau
  [6.5, 68.0, 35.5, 92.7], // India, Pakistan, Nepal, Bangladesh, Sri Lanka
  [5.6, 97.3, 20.5, 105.6], // Thailand
  [-11.0, 95.0, 7.5, 141.0], // Malaysia, Singapore, Indonesia
  [-44.0, 112.0, -10.0, 154.0], // Australia
  [-47.5, 166.0, -34.0, 179.0], // New Zealand
  [-35.0, 16.0, -8.0, 41.0], // southern Africa
  [-12.0, 29.0, 5.0, 42.0], // Kenya, Tanzania, Uganda
];

export function drivingSideAt(lat: number, lon: number): DrivingSide {
  const left = LEFT_HAND_REGIONS.some(([south, west, north, east]) => lat >= south && lat <= north && lon >= west && lon <= east);
  return left ? 'left' : 'right';
}

/** The side traffic keeps to on a map, judged at the centre of its nodes' bounding box. */
export function drivingSideOf(graph: RoadGraph): DrivingSide {
  let south = Infinity, north = -Infinity, west = Infinity, east = -Infinity;
  for (let v = 0; v < graph.nodeCount; v++) {
    south = Math.min(south, graph.nodeLat[v]!);
    north = Math.max(north, graph.nodeLat[v]!);
    west = Math.min(west, graph.nodeLon[v]!);
    east = Math.max(east, graph.nodeLon[v]!);
  }
  return graph.nodeCount === 0 ? 'right' : drivingSideAt((south + north) / 2, (west + east) / 2);
}
