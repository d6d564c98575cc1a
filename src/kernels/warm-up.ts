// wasm tier-up: the first calls of a kernel run on the baseline compiler at 1.5–3x the steady cost.
// Routing a few times on a tiny graph at worker start moves the hot functions to the optimizing tier.
import type { Seed } from './arc-graph.js';
import type { Hierarchy } from './hierarchy.js';
import type { RoutingKernels } from './routing-kernels.js';

const ROUNDS = 200;

/** Exercises route and manyToMany on `hierarchy` (any small one, e.g. the demo town). */
export function warmUp(kernels: RoutingKernels, hierarchy: Hierarchy): void {
  if (hierarchy.nodeCount === 0) return;
  const seedAt = (i: number): Seed[] => [{ node: (i * 7919) % hierarchy.nodeCount, weight: 0, distance: 0 }];
  for (let i = 0; i < ROUNDS; i++) kernels.route(hierarchy, seedAt(i), seedAt(i + 1));
  const sets = Array.from({ length: 8 }, (_, i) => seedAt(i));
  for (let i = 0; i < ROUNDS / 20; i++) kernels.manyToMany(hierarchy, sets, sets);
}
