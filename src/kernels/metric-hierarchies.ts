// One hierarchy per distinct metric of a map (traffic hour slots, truck dimension classes): contracted on
// first use in the base hierarchy's node order where that order suits it (baseOrderSuits), in its lower ranks and
// an order of its own above them otherwise, and shared by every metric with the same weights, so
// 168 hour slots cost only as many contractions as there are distinct slots. Where the map has a cache, each is
// stored there by its weights' digest, so that a restart, or another process of the deployment, reads it back
// instead of contracting again: minutes per metric on a million road nodes (docs/scale.md).
import { createHash } from 'node:crypto';
import { CLOSED_ARC, type ArcGraph } from './arc-graph.js';
import { buildHierarchyInChain } from './build-hierarchy.js';
import type { PlacedHierarchy } from './contraction-worker.js';
import { hierarchyFileHolds, type HierarchyFile } from './hierarchy-file-format.js';
import { cachedHierarchyInChain, storeContractedHierarchy, type CachedHierarchy } from './hierarchy-file.js';
import { contractionOrder, type Hierarchy } from './hierarchy.js';
import type { MemoryChain } from './memory-chain.js';

/** Where the metrics' hierarchies are cached. */
export interface MetricHierarchyFiles {
  /** The file of the hierarchy for the weights of this digest (SHA-256, hex). */
  fileOf(weightDigest: string): HierarchyFile;
  /** A hierarchy was read from this file: it is in use (the cache keeper removes files nobody uses). */
  onRead(path: string): void;
  /** A hierarchy that could not be stored still serves; the next process contracts it again. */
  onStoreFailed(error: unknown): void;
}

/**
 * A metric's hierarchy, and what stores it in the cache when it was just contracted: `store` holds the thread for
 * seconds on a large hierarchy, so the caller runs it once it has handed the hierarchy over; it never throws.
 */
export interface MetricHierarchy extends PlacedHierarchy {
  store(): void;
}

const nothingToStore = (): void => undefined;

function storingQuietly(cached: CachedHierarchy, files: MetricHierarchyFiles): () => void {
  return () => {
    try {
      cached.store();
    } catch (error) {
      files.onStoreFailed(error);
    }
  };
}

/**
 * How far apart the factors by which a metric changes the arcs' weights may lie for the base order to suit it.
 * Contracted in the base order, a metric that changes every weight alike (or some by up to a quarter, as the
 * typical week's daytime patterns do) takes a sixth of the time of its own order for a hierarchy as small; one
 * that halves the main roads' speeds and not the others' (the rush hour) gets a hierarchy 22 % larger, and its
 * contraction grows much faster than the map's: 62 s against 43 s in its own order at side 200 of the scale
 * benchmark, over 12 minutes against about 5 at side 500 (docs/ch.md).
 */
const BASE_ORDER_MAX_FACTOR_SPREAD = 1.5;

/**
 * The share of the base order's lowest ranks a metric it does not suit still keeps, the rest ordered by priority:
 * the local roads at the bottom stay worth contracting first under a rush hour, and the top, where it changes
 * which roads are worth contracting last, is ordered again. The rush hour at side 200 of the scale benchmark:
 * 16.1 s for a hierarchy 0.1 % larger than its own order's, which took 43.7 s (0.8: 23.9 s; 0.95: 24.9 s and
 * 5 % larger; the whole base order 62 s and 22 % larger; docs/ch.md).
 */
const REUSED_RANKS_SHARE = 0.9;

/**
 * Whether the base order suits `weight`: the largest factor by which it changes an arc's weight is at most
 * BASE_ORDER_MAX_FACTOR_SPREAD times the smallest, over the arcs open in both (closing arcs, as a truck class
 * does, only takes paths away).
 */
function baseOrderSuits(base: Uint32Array, weight: Uint32Array): boolean {
  let smallest = Number.POSITIVE_INFINITY, largest = 0;
  for (let arc = 0; arc < base.length; arc++) {
    const from = base[arc]!, to = weight[arc]!;
    if (from === CLOSED_ARC || to === CLOSED_ARC || from === 0) continue;
    const factor = to / from;
    if (factor < smallest) smallest = factor;
    if (factor > largest) largest = factor;
  }
  return largest <= smallest * BASE_ORDER_MAX_FACTOR_SPREAD;
}

function weightDigest(weight: Uint32Array): string {
  return createHash('sha256').update(new Uint8Array(weight.buffer, weight.byteOffset, weight.byteLength)).digest('hex');
}

export class MetricHierarchies {
  private readonly byWeights = new Map<string, Promise<MetricHierarchy>>();
  /** The base hierarchy's order, taken for the first metric contracted in it. */
  private baseOrder: Uint32Array | undefined;

  /**
   * `topology` gives tail, head and distance; `base` is its hierarchy under the base metric, in the chain's first
   * memory. A metric's hierarchy goes to the first memory of the chain with room for it; without `files` none is
   * cached.
   */
  constructor(
    private readonly chain: MemoryChain,
    private readonly topology: ArcGraph,
    private readonly base: Hierarchy,
    private readonly files?: MetricHierarchyFiles,
  ) {
    this.byWeights.set(weightDigest(topology.weight), Promise.resolve({ hierarchy: base, memory: 0, store: nothingToStore }));
  }

  /** The hierarchy for these arc weights (one per arc; CLOSED_ARC closes an arc), built once. */
  forWeights(weight: Uint32Array): Promise<MetricHierarchy> {
    const key = this.digestOf(weight);
    let hierarchy = this.byWeights.get(key);
    if (!hierarchy) {
      hierarchy = this.obtain(key, this.graphOf(weight));
      this.byWeights.set(key, hierarchy);
      // A failed build must not stay cached as a rejected promise.
      hierarchy.catch(() => this.byWeights.delete(key));
    }
    return hierarchy;
  }

  /**
   * Makes sure the hierarchy for these weights is in its file, contracting it there where it is not (never into
   * memory: an import prepares the metrics its map will serve without holding them). True when it was contracted,
   * false when held already (the base metric, or a whole file stored under its key).
   */
  async prepare(weight: Uint32Array): Promise<boolean> {
    if (!this.files) throw new Error('metrics are prepared in their files, and these hierarchies have none');
    const key = this.digestOf(weight), file = this.files.fileOf(key);
    if (this.byWeights.has(key) || hierarchyFileHolds(file)) return false;
    await storeContractedHierarchy(this.graphOf(weight), file, this.orderFor(weight));
    return true;
  }

  private async obtain(key: string, graph: ArcGraph): Promise<MetricHierarchy> {
    if (!this.files) return { ...(await buildHierarchyInChain(this.chain, graph, this.orderFor(graph.weight))), store: nothingToStore };
    const file = this.files.fileOf(key);
    const cached = await cachedHierarchyInChain(this.chain, graph, file, () => this.orderFor(graph.weight));
    if (cached.fromFile) this.files.onRead(file.path);
    return { hierarchy: cached.hierarchy, memory: cached.memory, store: storingQuietly(cached, this.files) };
  }

  /**
   * The base order where it suits the metric (baseOrderSuits), else its lower ranks (REUSED_RANKS_SHARE) with
   * the top ordered again.
   */
  private orderFor(weight: Uint32Array): { order: Uint32Array; reusedRanks?: number } {
    this.baseOrder ??= contractionOrder(this.chain.regions[0]!, this.base);
    const order = this.baseOrder;
    return baseOrderSuits(this.topology.weight, weight) ? { order } : { order, reusedRanks: Math.round(REUSED_RANKS_SHARE * order.length) };
  }

  private digestOf(weight: Uint32Array): string {
    if (weight.length !== this.topology.weight.length) throw new RangeError('a metric needs one weight per arc');
    return weightDigest(weight);
  }

  private graphOf(weight: Uint32Array): ArcGraph {
    const { nodeCount, tail, head, distance } = this.topology;
    return { nodeCount, tail, head, distance, weight };
  }

  /** Distinct metrics held, the base one included. */
  get size(): number {
    return this.byWeights.size;
  }
}
