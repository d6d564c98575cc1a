import { NO_ZONE } from './destination-zones.js';
import type { TurnGraph } from './turn-graph.js';

/**
 * The turns into each road arc of a destination-only zone, for the backward search from a stop inside one to
 * the zone's entries. Only zone arcs get a list, so the index stays as small as the zones are.
 */
export class ZoneTurnsIn {
  private readonly start: Uint32Array;
  private readonly list: Uint32Array;

  constructor(turns: Pick<TurnGraph, 'nodeCount' | 'head' | 'arcZone'>) {
    const inZone = (t: number) => turns.arcZone[turns.head[t]!] !== NO_ZONE;
    this.start = new Uint32Array(turns.nodeCount + 1);
    for (let t = 0; t < turns.head.length; t++) if (inZone(t)) this.start[turns.head[t]! + 1]!++;
    for (let a = 0; a < turns.nodeCount; a++) this.start[a + 1]! += this.start[a]!;
    const fill = this.start.slice(0, turns.nodeCount);
    this.list = new Uint32Array(this.start[turns.nodeCount]!);
    for (let t = 0; t < turns.head.length; t++) if (inZone(t)) this.list[fill[turns.head[t]!]!++] = t;
  }

  of(arc: number): Uint32Array {
    return this.list.subarray(this.start[arc]!, this.start[arc + 1]!);
  }
}

const built = new WeakMap<TurnGraph, ZoneTurnsIn>();

/** The index of a turn graph, built on first use and kept as long as the graph is. */
export function zoneTurnsIn(turns: TurnGraph): ZoneTurnsIn {
  let index = built.get(turns);
  if (!index) built.set(turns, (index = new ZoneTurnsIn(turns)));
  return index;
}
