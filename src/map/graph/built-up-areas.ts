import { haversineMeters } from '../../geometry/sphere.js';
import type { OsmExtract } from './osm-extract.js';

/**
 * Marks the ways inside built-up areas, approximated as circles around place nodes (city, town, village…)
 * because extracts rarely carry complete landuse polygons. A way is urban when its middle point is.
 */
export function urbanWays(extract: OsmExtract, refIndex: (id: number) => number): Uint8Array {
  const { wayRefStart, wayRefs, nodeLat, nodeLon, places } = extract;
  const urban = new Uint8Array(extract.wayIds.length);
  if (places.length === 0) return urban;
  for (let w = 0; w < urban.length; w++) {
    const mid = refIndex(wayRefs[(wayRefStart[w]! + wayRefStart[w + 1]!) >>> 1]!);
    if (mid < 0) continue;
    const lat = nodeLat[mid]!, lon = nodeLon[mid]!;
    for (const place of places) {
      if (Math.abs(place.lat - lat) * 111_000 > place.radiusMeters) continue;
      if (haversineMeters(lat, lon, place.lat, place.lon) <= place.radiusMeters) {
        urban[w] = 1;
        break;
      }
    }
  }
  return urban;
}
