import FlatQueue from 'flatqueue';
import type { Seed } from '../../kernels/arc-graph.js';
import { NO_ZONE } from '../graph/destination-zones.js';
import { BLOCKED_MS } from '../graph/metric.js';
import type { RoadGraph } from '../graph/road-graph.js';
import { turnClosed, type TurnGraph } from '../graph/turn-graph.js';
import { zoneTurnsIn } from '../graph/zone-turns-in.js';

/**
 * A seed that drives through part of a destination-only zone before it meets the hierarchy (or after it
 * leaves it): the road arcs it drives in full on the way, in driving order, and what its turns cost.
 */
export interface ZoneSeed {
  seed: Seed;
  through: number[];
  turnMs: number;
}

/** Cost from the stop to the start of an arc (departures) or from the start of an arc to the stop (arrivals). */
interface Label {
  weight: number;
  distance: number;
  turnMs: number;
  /** The zone arc driven before this one (departures) or after it (arrivals); -1 next to the stop. */
  link: number;
}

/** Dijkstra over the arcs of one zone; the caller relaxes the turns. */
class ZoneSearch {
  private readonly labels = new Map<number, Label>();
  private readonly queue = new FlatQueue<number>();
  private readonly settled = new Set<number>();
  private readonly exits = new Map<number, ZoneSeed>();

  reach(arc: number, label: Label): void {
    const known = this.labels.get(arc);
    if (known && known.weight <= label.weight) return;
    this.labels.set(arc, label);
    this.queue.push(arc, label.weight);
  }

  /** The next arc whose cost is final, or -1 when the zone is exhausted. */
  next(): number {
    while (this.queue.length > 0) {
      const arc = this.queue.pop()!;
      if (this.settled.has(arc)) continue;
      this.settled.add(arc);
      return arc;
    }
    return -1;
  }

  label(arc: number): Label {
    return this.labels.get(arc)!;
  }

  /** The arcs from `arc` along the links to the stop, `arc` first. */
  chain(arc: number): number[] {
    const arcs: number[] = [];
    for (let a = arc; a >= 0; a = this.labels.get(a)!.link) arcs.push(a);
    return arcs;
  }

  /** Keeps the cheapest way across the border per outside node. */
  offer(zoneSeed: ZoneSeed): void {
    const known = this.exits.get(zoneSeed.seed.node);
    if (!known || zoneSeed.seed.weight < known.seed.weight) this.exits.set(zoneSeed.seed.node, zoneSeed);
  }

  seeds(): ZoneSeed[] {
    return [...this.exits.values()];
  }
}

/**
 * Departures from a stop at fraction `fraction` of road arc `arc` inside a zone: the cheapest drive inside
 * the zone to every ordinary road arc it may turn out into, as seeds on those arcs. The hierarchy never
 * crosses a zone's border, so these are the only ways out beside the turns at the end of `arc` itself.
 */
export function zoneExits(graph: RoadGraph, turns: TurnGraph, arc: number, fraction: number, weights: Uint32Array): ZoneSeed[] {
  const zone = turns.arcZone[arc]!, search = new ZoneSearch();
  // `from` is -1 for the stop's own arc: its turns out of the zone are the plain seeds already.
  const relax = (arcOut: number, from: number, label: Label): void => {
    for (let t = turns.firstTurn[arcOut]!; t < turns.firstTurn[arcOut + 1]!; t++) {
      const to = turns.head[t]!;
      if (turnClosed(turns, t) || weights[to]! >= BLOCKED_MS) continue;
      const next = { weight: label.weight + turns.turnMs[t]!, distance: label.distance, turnMs: label.turnMs + turns.turnMs[t]!, link: from };
      if (turns.arcZone[to] === zone) search.reach(to, next);
      else if (turns.arcZone[to] === NO_ZONE && from >= 0) {
        search.offer({ seed: { node: to, weight: next.weight, distance: next.distance }, through: search.chain(from).reverse(), turnMs: next.turnMs });
      }
    }
  };
  relax(arc, -1, { weight: Math.round((1 - fraction) * weights[arc]!), distance: Math.round((1 - fraction) * graph.distance[arc]!), turnMs: 0, link: -1 });
  for (let a = search.next(); a >= 0; a = search.next()) {
    const label = search.label(a);
    relax(a, a, { ...label, weight: label.weight + weights[a]!, distance: label.distance + graph.distance[a]! });
  }
  return search.seeds();
}

/**
 * Arrivals at a stop at fraction `fraction` of road arc `arc` (or of one of its restriction copies `copies`)
 * inside a zone: the cheapest drive from every ordinary road arc that turns into the zone to the stop, as
 * target seeds at the start of those arcs, which they drive in full.
 */
export function zoneEntries(graph: RoadGraph, turns: TurnGraph, arcs: readonly number[], fraction: number, weights: Uint32Array): ZoneSeed[] {
  const zone = turns.arcZone[arcs[0]!]!, search = new ZoneSearch(), turnsIn = zoneTurnsIn(turns);
  const arrive = { weight: Math.round(fraction * weights[arcs[0]!]!), distance: Math.round(fraction * graph.distance[arcs[0]!]!), turnMs: 0, link: -1 };
  for (const a of arcs) if (weights[a]! < BLOCKED_MS) search.reach(a, arrive);
  for (let a = search.next(); a >= 0; a = search.next()) {
    const label = search.label(a);
    // The stop's own arc is driven only in part: not among the arcs a seed drives in full.
    const after = search.chain(a).slice(0, -1);
    for (const t of turnsIn.of(a)) {
      const from = turns.tail[t]!, w = weights[from]!;
      if (turnClosed(turns, t) || w >= BLOCKED_MS) continue;
      const next = { weight: label.weight + w + turns.turnMs[t]!, distance: label.distance + graph.distance[from]!, turnMs: label.turnMs + turns.turnMs[t]!, link: a };
      if (turns.arcZone[from] === zone) search.reach(from, next);
      else if (turns.arcZone[from] === NO_ZONE) {
        search.offer({ seed: { node: from, weight: next.weight, distance: next.distance }, through: [from, ...after], turnMs: next.turnMs });
      }
    }
  }
  return search.seeds();
}
