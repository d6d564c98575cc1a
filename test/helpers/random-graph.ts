// Seeded random road-like graphs for differential tests: a jittered grid with two-way and one-way
// streets, missing streets, small integer weights (so equal-weight ties are common), zero-weight arcs,
// parallel arcs, loops, a few long "highway" arcs, arcs closed under the metric and isolated nodes.
import { CLOSED_ARC, type ArcGraph, type Seed } from '../../src/kernels/arc-graph.js';
import { seededRandom } from '../../src/common/seeded-random.js';

export { seededRandom };

export function randomInt(random: () => number, below: number): number {
  return Math.floor(random() * below);
}

export function randomRoadGraph(seed: number, side: number): ArcGraph {
  const random = seededRandom(seed);
  const isolated = 3;
  const nodeCount = side * side + isolated;
  const tail: number[] = [];
  const head: number[] = [];
  const weight: number[] = [];
  const distance: number[] = [];
  const arc = (from: number, to: number, w: number) => {
    tail.push(from);
    head.push(to);
    weight.push(random() < 0.03 ? CLOSED_ARC : w);
    distance.push(w * 10 + randomInt(random, 7));
  };
  const street = (a: number, b: number) => {
    const roll = random();
    if (roll < 0.1) return; // a missing street
    const w = randomInt(random, 20) === 0 ? 0 : 1 + randomInt(random, 9);
    if (roll < 0.25) arc(a, b, w);
    else if (roll < 0.35) arc(b, a, w);
    else {
      arc(a, b, w);
      arc(b, a, w + randomInt(random, 2));
    }
  };
  for (let row = 0; row < side; row++) {
    for (let col = 0; col < side; col++) {
      const node = row * side + col;
      if (col + 1 < side) street(node, node + 1);
      if (row + 1 < side) street(node, node + side);
    }
  }
  for (let i = 0; i < side; i++) {
    const from = randomInt(random, side * side);
    const to = randomInt(random, side * side);
    arc(from, to, 5 + randomInt(random, 40)); // a long road, sometimes parallel to a street or a loop
  }
  return {
    nodeCount,
    tail: Uint32Array.from(tail),
    head: Uint32Array.from(head),
    weight: Uint32Array.from(weight),
    distance: Uint32Array.from(distance),
  };
}

/** One to three seeds with small offsets, like the two directions of a snapped street. */
export function randomSeeds(random: () => number, nodeCount: number): Seed[] {
  return Array.from({ length: 1 + randomInt(random, 3) }, () => ({
    node: randomInt(random, nodeCount),
    weight: randomInt(random, 3) === 0 ? 0 : randomInt(random, 30),
    distance: randomInt(random, 300),
  }));
}
