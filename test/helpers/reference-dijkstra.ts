// The reference every routing kernel is tested against: deliberately plain, idiomatic TypeScript,
// with nothing clever in it, so that a disagreement points at the fast code.
import { CLOSED_ARC, type ArcGraph, type RouteResult, type Seed } from '../../src/kernels/arc-graph.js';

interface OutArc {
  arc: number;
  head: number;
}

interface Label {
  node: number;
  weight: number;
  distance: number;
}

/** Adjacency lists are built once per graph object and reused by later calls. */
const adjacencyCache = new WeakMap<ArcGraph, OutArc[][]>();

function adjacencyOf(graph: ArcGraph): OutArc[][] {
  let adjacency = adjacencyCache.get(graph);
  if (adjacency) return adjacency;
  adjacency = Array.from({ length: graph.nodeCount }, () => []);
  for (let arc = 0; arc < graph.tail.length; arc++) {
    if (graph.weight[arc] !== CLOSED_ARC) adjacency[graph.tail[arc]!]!.push({ arc, head: graph.head[arc]! });
  }
  adjacencyCache.set(graph, adjacency);
  return adjacency;
}

/** A binary min-heap of labels ordered by weight; stale entries are skipped by the caller. */
class LabelHeap {
  private readonly items: Label[] = [];

  get size(): number {
    return this.items.length;
  }

  push(label: Label): void {
    const items = this.items;
    items.push(label);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent]!.weight <= label.weight) break;
      items[i] = items[parent]!;
      i = parent;
    }
    items[i] = label;
  }

  pop(): Label {
    const items = this.items;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= items.length) break;
        const right = left + 1;
        const child = right < items.length && items[right]!.weight < items[left]!.weight ? right : left;
        if (items[child]!.weight >= last.weight) break;
        items[i] = items[child]!;
        i = child;
      }
      items[i] = last;
    }
    return top;
  }
}

/** Shortest-path tree from a set of seeds: weight, distance and the arc used to reach each node. */
export interface ShortestPathTree {
  readonly weight: Float64Array;
  readonly distance: Float64Array;
  /** Arc by which the node was reached, -1 for a seed or an unreached node. */
  readonly parentArc: Int32Array;
}

/** One-to-all Dijkstra from every seed at once (each seed starts with its own weight and distance). */
export function referenceShortestPathTree(graph: ArcGraph, seeds: readonly Seed[]): ShortestPathTree {
  const adjacency = adjacencyOf(graph);
  const weight = new Float64Array(graph.nodeCount).fill(Infinity);
  const distance = new Float64Array(graph.nodeCount).fill(Infinity);
  const parentArc = new Int32Array(graph.nodeCount).fill(-1);
  const settled = new Uint8Array(graph.nodeCount);
  const heap = new LabelHeap();
  for (const seed of seeds) {
    if (seed.weight < weight[seed.node]!) {
      weight[seed.node] = seed.weight;
      distance[seed.node] = seed.distance;
      heap.push({ node: seed.node, weight: seed.weight, distance: seed.distance });
    }
  }
  while (heap.size > 0) {
    const label = heap.pop();
    if (settled[label.node]) continue;
    settled[label.node] = 1;
    for (const out of adjacency[label.node]!) {
      const candidate = label.weight + graph.weight[out.arc]!;
      if (candidate < weight[out.head]!) {
        weight[out.head] = candidate;
        distance[out.head] = label.distance + graph.distance[out.arc]!;
        parentArc[out.head] = out.arc;
        heap.push({ node: out.head, weight: candidate, distance: distance[out.head]! });
      }
    }
  }
  return { weight, distance, parentArc };
}

/**
 * Shortest route from any source seed to any target seed, or null when no target is reachable.
 * The route's weight includes both seeds' offsets; its arcs are the original arc ids in driving order.
 */
export function referenceRoute(graph: ArcGraph, sourceSeeds: readonly Seed[], targetSeeds: readonly Seed[]): RouteResult | null {
  const tree = referenceShortestPathTree(graph, sourceSeeds);
  let targetSeed = -1;
  let bestWeight = Infinity;
  targetSeeds.forEach((target, i) => {
    const total = tree.weight[target.node]! + target.weight;
    if (total < bestWeight) {
      bestWeight = total;
      targetSeed = i;
    }
  });
  const best = targetSeeds[targetSeed];
  if (!best) return null;
  const arcs: number[] = [];
  for (let arc = tree.parentArc[best.node]!; arc >= 0; arc = tree.parentArc[graph.tail[arc]!]!) arcs.push(arc);
  arcs.reverse();
  const start = arcs.length > 0 ? graph.tail[arcs[0]!]! : best.node;
  const startWeight = tree.weight[start]!;
  const sourceSeed = sourceSeeds.findIndex((seed) => seed.node === start && seed.weight === startWeight);
  return { weight: bestWeight, distance: tree.distance[best.node]! + best.distance, arcs, sourceSeed, targetSeed };
}
