import { ArcFlag } from '../arc-flags.js';
import type { RoadGraph } from './road-graph.js';

/** Zone id of an arc outside every destination-only zone. */
export const NO_ZONE = 0;

function root(parent: Uint32Array, a: number): number {
  while (parent[a] !== a) {
    parent[a] = parent[parent[a]!]!;
    a = parent[a]!;
  }
  return a;
}

function join(parent: Uint32Array, a: number, b: number): void {
  const ra = root(parent, a), rb = root(parent, b);
  if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
}

/**
 * Destination-only zones (docs/routing.md): the groups of Destination road arcs connected by a turn between
 * two of them, by being two directions of one edge, or by being a restriction copy of one another. A route
 * may not pass through a zone, only start or end in one, so every zone needs an identity of its own: two
 * private estates that touch are still two places a route may not cross. Ids are 1, 2, … in order of their
 * lowest arc; NO_ZONE for ordinary arcs.
 */
export function destinationZones(graph: RoadGraph, turns: { tail: Uint32Array; head: Uint32Array }): Uint32Array {
  const inZone = (a: number) => (graph.arcFlags[a]! & ArcFlag.Destination) !== 0;
  const parent = Uint32Array.from({ length: graph.arcCount }, (_, a) => a);
  for (let t = 0; t < turns.tail.length; t++) {
    if (inZone(turns.tail[t]!) && inZone(turns.head[t]!)) join(parent, turns.tail[t]!, turns.head[t]!);
  }
  for (let a = 0; a < graph.arcCount; a++) {
    if (!inZone(a)) continue;
    join(parent, a, graph.arcOrigin[a]!);
    const e = graph.arcEdge[a]!;
    for (const direction of [graph.edgeForwardArc[e]!, graph.edgeBackwardArc[e]!]) {
      if (direction >= 0 && inZone(direction)) join(parent, a, direction);
    }
  }
  const zone = new Uint32Array(graph.arcCount);
  let zones = 0;
  for (let a = 0; a < graph.arcCount; a++) {
    if (!inZone(a)) continue;
    const r = root(parent, a);
    zone[a] = r === a ? ++zones : zone[r]!;
  }
  return zone;
}
