// One hierarchy per distinct metric of a map (traffic hour slots, truck dimension classes): contracted on
// first use in the base hierarchy's node order, and shared by every metric with the same weights, so
// 168 hour slots cost only as many contractions as there are distinct slots.
import { createHash } from 'node:crypto';
import type { ArcGraph } from './arc-graph.js';
import { buildHierarchy } from './build-hierarchy.js';
import type { Hierarchy } from './hierarchy.js';
import type { SharedRegions } from './shared-regions.js';

function contentKey(weight: Uint32Array): string {
  return createHash('sha256').update(new Uint8Array(weight.buffer, weight.byteOffset, weight.byteLength)).digest('base64');
}

export class MetricHierarchies {
  private readonly byWeights = new Map<string, Promise<Hierarchy>>();

  /** `topology` gives tail, head and distance; `base` is its hierarchy under the base metric. */
  constructor(
    private readonly regions: SharedRegions,
    private readonly topology: ArcGraph,
    private readonly base: Hierarchy,
  ) {
    this.byWeights.set(contentKey(topology.weight), Promise.resolve(base));
  }

  /** The hierarchy for these arc weights (one per arc; CLOSED_ARC closes an arc), built once. */
  forWeights(weight: Uint32Array): Promise<Hierarchy> {
    if (weight.length !== this.topology.weight.length) throw new RangeError('a metric needs one weight per arc');
    const key = contentKey(weight);
    let hierarchy = this.byWeights.get(key);
    if (!hierarchy) {
      const { nodeCount, tail, head, distance } = this.topology;
      hierarchy = buildHierarchy(this.regions, { nodeCount, tail, head, distance, weight }, { reuseOrderOf: this.base });
      this.byWeights.set(key, hierarchy);
      // A failed build must not stay cached as a rejected promise.
      hierarchy.catch(() => this.byWeights.delete(key));
    }
    return hierarchy;
  }

  /** Distinct metrics held, the base one included. */
  get size(): number {
    return this.byWeights.size;
  }
}
