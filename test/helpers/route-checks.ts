// Properties every route from the kernels must have, whatever path a tie lets it choose.
import type { ArcGraph, RouteResult, Seed } from '../../src/kernels/arc-graph.js';

/**
 * Returns why a route is inconsistent, or null: its arcs must be a connected walk from its source seed's
 * node to its target seed's node, and its weight and distance must be exactly the seeds' offsets plus
 * the sums over its arcs.
 */
export function routeInconsistency(graph: ArcGraph, route: RouteResult, sources: readonly Seed[], targets: readonly Seed[]): string | null {
  const source = sources[route.sourceSeed];
  const target = targets[route.targetSeed];
  if (!source || !target) return `seed indexes ${route.sourceSeed}/${route.targetSeed} out of range`;
  let node = source.node;
  let weight = source.weight;
  let distance = source.distance;
  for (const arc of route.arcs) {
    if (graph.tail[arc] !== node) return `arc ${arc} does not start at node ${node}`;
    node = graph.head[arc]!;
    weight += graph.weight[arc]!;
    distance += graph.distance[arc]!;
  }
  if (node !== target.node) return `walk ends at ${node}, not at target seed node ${target.node}`;
  if (weight + target.weight !== route.weight) return `arcs and seeds add up to ${weight + target.weight} ms, route says ${route.weight}`;
  if (distance + target.distance !== route.distance) return `arcs and seeds add up to ${distance + target.distance} cm, route says ${route.distance}`;
  return null;
}
