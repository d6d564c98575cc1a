/** Random stops for the routing benches, as the snap index reports them, and their seeds paired source → target. */
import type { Seed } from '../src/kernels/index.js';
import { BLOCKED_MS } from '../src/map/graph/metric.js';
import type { RoadGraph } from '../src/map/graph/road-graph.js';
import type { SnapCandidate } from '../src/map/snap/snap-candidate.js';
import { randomInt, seededRandom } from '../test/helpers/random-graph.js';

export interface StopPairs {
  sources: Seed[][];
  targets: Seed[][];
}

/** Stops in the middle of random arcs of the largest component that the graph's own metric keeps open. */
export function randomStops(graph: RoadGraph, count: number): SnapCandidate[] {
  const largest = graph.componentSize.reduce((a, b) => Math.max(a, b), 0);
  const arcs = Array.from({ length: graph.primaryArcCount }, (_, a) => a)
    .filter((a) => graph.weight[a]! < BLOCKED_MS && graph.componentSize[graph.tail[a]!] === largest);
  const random = seededRandom(7);
  return Array.from({ length: count }, () => ({
    edge: -1, arc: arcs[randomInt(random, arcs.length)]!, reverseArc: -1, fraction: random(), point: [0, 0], distanceMeters: 0, bearing: 0,
  }));
}

/** The seeds of stops taken two by two: the first of each pair departs, the second arrives. */
export function seedPairs(seeds: readonly { sources: Seed[]; targets: Seed[] }[]): StopPairs {
  return {
    sources: seeds.filter((_, i) => i % 2 === 0).map((s) => s.sources),
    targets: seeds.filter((_, i) => i % 2 === 1).map((s) => s.targets),
  };
}
