import type { OsmTags } from '../osm/index.js';

// Speed ceilings (km/h) for poor surfaces, from OSRM's car profile: a way is driven no faster than
// the lowest of the ceilings its surface, tracktype and smoothness tags imply.
const SURFACE_KMH: Record<string, number> = {
  cement: 80, compacted: 80, fine_gravel: 80, paving_stones: 60, metal: 60, bricks: 60, grass: 40, wood: 40,
  sett: 40, grass_paver: 40, gravel: 40, unpaved: 40, ground: 40, dirt: 40, pebblestone: 40, tartan: 40,
  cobblestone: 30, clay: 30, earth: 20, stone: 20, rocky: 20, sand: 20, mud: 10,
};
const TRACKTYPE_KMH: Record<string, number> = { grade1: 60, grade2: 40, grade3: 30, grade4: 25, grade5: 20 };
const SMOOTHNESS_KMH: Record<string, number> = { intermediate: 80, bad: 40, very_bad: 20, horrible: 10, very_horrible: 5 };

export function limitBySurface(tags: OsmTags, kmh: number): number {
  let limited = kmh;
  for (const ceiling of [
    tags.surface === undefined ? undefined : SURFACE_KMH[tags.surface],
    tags.tracktype === undefined ? undefined : TRACKTYPE_KMH[tags.tracktype],
    tags.smoothness === undefined ? undefined : SMOOTHNESS_KMH[tags.smoothness],
  ]) {
    if (ceiling !== undefined && ceiling < limited) limited = ceiling;
  }
  return limited;
}
