/** Flatbush trees over latitude/longitude boxes, shared by the index build and reverse search. */
import Flatbush from 'flatbush';

export type LatLonBox = readonly [minLat: number, minLon: number, maxLat: number, maxLon: number];

/**
 * A tree over the boxes, x = longitude × `lonScale`, y = latitude (a scale of cos(latitude) makes distances
 * along both axes comparable for nearest-neighbour searches); undefined when there are no boxes.
 */
export function boxTree(boxes: readonly LatLonBox[], lonScale = 1): Flatbush | undefined {
  if (boxes.length === 0) return undefined;
  const tree = new Flatbush(boxes.length);
  for (const [minLat, minLon, maxLat, maxLon] of boxes) tree.add(minLon * lonScale, minLat, maxLon * lonScale, maxLat);
  tree.finish();
  return tree;
}

export const pointBox = (point: { lat: number; lon: number }): LatLonBox => [point.lat, point.lon, point.lat, point.lon];
