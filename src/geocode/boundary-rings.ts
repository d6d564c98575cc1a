/**
 * Administrative areas from boundary relations: member ways are joined end to end into closed rings. A
 * boundary clipped by the extract leaves rings open; open rings are dropped, and a relation without a closed
 * outer ring yields no area (its points then fall back to other areas or to the map's dominant country).
 */
import { boundingBox, ringContains, type Point } from './geometry.js';

export interface AreaRings {
  outer: number[][];
  inner: number[][];
  bbox: [number, number, number, number];
}

/** Joins node-id sequences into closed rings; sequences that cannot close are left out. */
export function closedRings(ways: number[][]): number[][] {
  const byEnd = new Map<number, number[][]>();
  const add = (end: number, way: number[]) => {
    const list = byEnd.get(end);
    if (list) list.push(way);
    else byEnd.set(end, [way]);
  };
  const unused = new Set<number[]>();
  for (const way of ways) {
    if (way.length < 2) continue;
    unused.add(way);
    add(way[0]!, way);
    add(way[way.length - 1]!, way);
  }
  const rings: number[][] = [];
  for (const start of ways) {
    if (!unused.has(start)) continue;
    unused.delete(start);
    const ring = [...start];
    while (ring[0] !== ring[ring.length - 1]) {
      const end = ring[ring.length - 1]!;
      const next = byEnd.get(end)?.find((way) => unused.has(way));
      if (!next) break;
      unused.delete(next);
      const oriented = next[0] === end ? next : [...next].reverse();
      for (let i = 1; i < oriented.length; i++) ring.push(oriented[i]!);
    }
    if (ring.length >= 4 && ring[0] === ring[ring.length - 1]) rings.push(ring);
  }
  return rings;
}

export function areaContains(area: AreaRings, point: Point): boolean {
  const [minLat, minLon, maxLat, maxLon] = area.bbox;
  if (point.lat < minLat || point.lat > maxLat || point.lon < minLon || point.lon > maxLon) return false;
  return area.outer.some((ring) => ringContains(ring, point)) && !area.inner.some((ring) => ringContains(ring, point));
}

/** Rings of coordinates from rings of node ids; undefined when no outer ring closes. */
export function areaRings(
  outerWays: number[][],
  innerWays: number[][],
  coordinates: (ids: number[]) => number[] | undefined,
): AreaRings | undefined {
  const toCoordinates = (rings: number[][]) =>
    rings.map(coordinates).filter((ring): ring is number[] => ring !== undefined);
  const outer = toCoordinates(closedRings(outerWays));
  if (outer.length === 0) return undefined;
  const all = outer.flat();
  return { outer, inner: toCoordinates(closedRings(innerWays)), bbox: boundingBox(all) };
}
