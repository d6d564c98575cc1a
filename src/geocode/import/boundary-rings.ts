/**
 * Administrative areas from boundary relations: member ways are joined end to end into rings. A boundary
 * clipped by the extract leaves open chains whose ends lie on the extract's edge; `closeAlongBox` closes them
 * along that edge, in one of the two directions (clipped-areas.ts decides which side is the inside).
 */
import type { Point } from '../../geometry/point.js';
import { boundingBox, ringContains } from '../../geometry/polygon.js';

export interface AreaRings {
  outer: number[][];
  inner: number[][];
  bbox: [number, number, number, number];
}

/** Node-id sequences joined where their ends meet: rings that close, and chains that stay open. */
export function joinWays(ways: number[][]): { closed: number[][]; open: number[][] } {
  const byEnd = new Map<number, number[][]>();
  const unused = new Set<number[]>();
  for (const way of ways) {
    if (way.length < 2) continue;
    unused.add(way);
    for (const end of [way[0]!, way[way.length - 1]!]) byEnd.set(end, [...(byEnd.get(end) ?? []), way]);
  }
  const take = (end: number) => {
    const next = byEnd.get(end)?.find((way) => unused.has(way));
    if (next) unused.delete(next);
    return next;
  };
  const closed: number[][] = [];
  const open: number[][] = [];
  for (const start of ways) {
    if (!unused.has(start)) continue;
    unused.delete(start);
    const chain = [...start];
    for (let next = take(chain[chain.length - 1]!); next && chain[0] !== chain[chain.length - 1]; next = take(chain[chain.length - 1]!)) {
      const oriented = next[0] === chain[chain.length - 1] ? next : [...next].reverse();
      chain.push(...oriented.slice(1));
    }
    for (let next = chain[0] !== chain[chain.length - 1] ? take(chain[0]!) : undefined; next; next = take(chain[0]!)) {
      const oriented = next[next.length - 1] === chain[0] ? next : [...next].reverse();
      chain.unshift(...oriented.slice(0, -1));
      if (chain[0] === chain[chain.length - 1]) break;
    }
    if (chain.length >= 4 && chain[0] === chain[chain.length - 1]) closed.push(chain);
    else open.push(chain);
  }
  return { closed, open };
}

export function areaFromRings(outer: number[][], inner: number[][]): AreaRings {
  return { outer, inner, bbox: boundingBox(outer.flat()) };
}

export function areaContains(area: AreaRings, point: Point): boolean {
  const [minLat, minLon, maxLat, maxLon] = area.bbox;
  if (point.lat < minLat || point.lat > maxLat || point.lon < minLon || point.lon > maxLon) return false;
  return area.outer.some((ring) => ringContains(ring, point)) && !area.inner.some((ring) => ringContains(ring, point));
}

/** Position of a point along the perimeter of the box, counter-clockwise from the south-west corner, in [0, 4). */
function perimeterPosition(box: [number, number, number, number], lat: number, lon: number): number {
  const [minLat, minLon, maxLat, maxLon] = box;
  const x = (lon - minLon) / (maxLon - minLon), y = (lat - minLat) / (maxLat - minLat);
  // The nearest side: chains whose ends stop short of the edge are taken to it.
  const sides = [y, 1 - x, 1 - y, x];
  const side = sides.indexOf(Math.min(...sides));
  return [x, 1 + y, 3 - x, 4 - y][side]! % 4;
}

function perimeterPoint(box: [number, number, number, number], position: number): [number, number] {
  const [minLat, minLon, maxLat, maxLon] = box;
  const side = Math.floor(position) % 4, f = position - Math.floor(position);
  const [x, y] = [[f, 0], [1, f], [1 - f, 1], [0, 1 - f]][side]!;
  return [minLat + y! * (maxLat - minLat), minLon + x! * (maxLon - minLon)];
}

/**
 * Closes open coordinate chains along the box: from the end of a chain, walk the perimeter in `direction`
 * (1 counter-clockwise, -1 clockwise) to the next chain start, adding the corners passed, until back at
 * the first chain. The two directions give the two sides of a clipped boundary.
 */
export function closeAlongBox(allChains: number[][], box: [number, number, number, number], direction: 1 | -1): number[][] {
  const chains = allChains.filter((chain) => chain.length >= 4);
  const position = (chain: number[], at: 'start' | 'end') =>
    at === 'start' ? perimeterPosition(box, chain[0]!, chain[1]!) : perimeterPosition(box, chain[chain.length - 2]!, chain[chain.length - 1]!);
  const along = (from: number, to: number) => (((to - from) * direction) % 4 + 4) % 4;
  const unused = new Set(chains.keys());
  const rings: number[][] = [];
  for (const first of chains.keys()) {
    if (!unused.has(first)) continue;
    const ring: number[] = [];
    for (let current = first; ; ) {
      unused.delete(current);
      ring.push(...chains[current]!);
      const leaving = position(chains[current]!, 'end');
      const candidates = [...unused, first];
      const next = candidates.reduce((best, id) => (along(leaving, position(chains[id]!, 'start')) < along(leaving, position(chains[best]!, 'start')) ? id : best));
      const arriving = position(chains[next]!, 'start');
      const firstCorner = direction === 1 ? Math.floor(leaving) + 1 : Math.ceil(leaving) - 1;
      for (let passed = 0; passed < 4; passed++) {
        const corner = firstCorner + passed * direction;
        if (along(leaving, corner) >= along(leaving, arriving)) break;
        ring.push(...perimeterPoint(box, ((corner % 4) + 4) % 4));
      }
      if (next === first) break;
      current = next;
    }
    ring.push(ring[0]!, ring[1]!);
    rings.push(ring);
  }
  return rings;
}
