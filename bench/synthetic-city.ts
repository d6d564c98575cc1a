// The benchmark's synthetic city: side × side intersections 100 m apart, jittered, a trunk
// every 50th street, a primary every 10th, residential streets between, some residential blocks
// missing and some residential streets one-way. Grids are the worst case of contraction hierarchies.
import type { ArcGraph } from '../src/kernels/arc-graph.js';
import { seededRandom } from '../test/helpers/random-graph.js';

const SPACING_M = 100;
const JITTER_M = 20;
/** km/h by street class: trunk, primary, residential. */
const SPEED_KMH = { trunk: 90, primary: 60, residential: 30 } as const;
const MISSING_SHARE = 0.05;
const ONE_WAY_SHARE = 0.1;

function streetClass(line: number): keyof typeof SPEED_KMH {
  if (line % 50 === 0) return 'trunk';
  if (line % 10 === 0) return 'primary';
  return 'residential';
}

export function syntheticCity(side: number, seed = 1): ArcGraph {
  const random = seededRandom(seed);
  const x = new Float64Array(side * side);
  const y = new Float64Array(side * side);
  for (let node = 0; node < side * side; node++) {
    x[node] = (node % side) * SPACING_M + (random() - 0.5) * 2 * JITTER_M;
    y[node] = Math.floor(node / side) * SPACING_M + (random() - 0.5) * 2 * JITTER_M;
  }
  const tail: number[] = [];
  const head: number[] = [];
  const weight: number[] = [];
  const distance: number[] = [];
  const street = (a: number, b: number, line: number) => {
    const kind = streetClass(line);
    if (kind === 'residential' && random() < MISSING_SHARE) return;
    const meters = Math.hypot(x[a]! - x[b]!, y[a]! - y[b]!);
    const ms = Math.round((meters / (SPEED_KMH[kind] / 3.6)) * 1000);
    const oneWay = kind === 'residential' && random() < ONE_WAY_SHARE;
    const directions: [number, number][] = oneWay ? [random() < 0.5 ? [a, b] : [b, a]] : [[a, b], [b, a]];
    for (const [from, to] of directions) {
      tail.push(from);
      head.push(to);
      weight.push(ms);
      distance.push(Math.round(meters * 100));
    }
  };
  for (let row = 0; row < side; row++) {
    for (let col = 0; col < side; col++) {
      const node = row * side + col;
      if (col + 1 < side) street(node, node + 1, row); // along the row's street
      if (row + 1 < side) street(node, node + side, col); // along the column's street
    }
  }
  return {
    nodeCount: side * side,
    tail: Uint32Array.from(tail),
    head: Uint32Array.from(head),
    weight: Uint32Array.from(weight),
    distance: Uint32Array.from(distance),
  };
}
