// The typed face of the routing kernels for one thread: its own instance on the shared memory, and a scratch
// slot borrowed from the memory's pool for each call. Create one per worker (RoutingKernels.attach) and call it
// for any hierarchy there.
import type { RouteResult, Seed } from './arc-graph.js';
import type { Hierarchy } from './hierarchy.js';
import {
  BucketsField, COLLECTED_ENTRY_BYTES, GROUPED_ENTRY_BYTES, MeetingField, PathBuffersField, SEED_BYTES, SEED_SETS_BYTES, SeedSetsField, U32,
  align16,
} from './layout.js';
import { ScratchPool } from './scratch-pool.js';
import { ensureCallArea, type ScratchSlot } from './scratch-slot.js';
import { SharedRegions } from './shared-regions.js';
import { instantiateRouting } from './wasm-modules.js';

interface RoutingExports {
  chRoute(graph: number, forward: number, backward: number, sources: number, sourceCount: number,
    targets: number, targetCount: number, meeting: number, path: number): number;
  manyToMany(graph: number, space: number, sources: number, targets: number, buckets: number,
    weights: number, distances: number): number;
  dijkstraMeet(graph: number, forward: number, backward: number, sources: number, sourceCount: number,
    targets: number, targetCount: number, meeting: number): number;
}

/** Row-major source × target matrices; UNREACHED (0xffffffff) marks pairs without a path. */
export interface TravelMatrix {
  readonly sourceCount: number;
  readonly targetCount: number;
  /** Durations in ms. */
  readonly weight: Uint32Array;
  /** Distances in cm, of the fastest path. */
  readonly distance: Uint32Array;
}

/** Weight and distance of a shortest path, without its arcs. */
export interface RouteCost {
  readonly weight: number;
  readonly distance: number;
}

/** Seeds' weights and distances are summed in u32 along a route, so each must stay well inside it. */
const MAX_SEED_OFFSET = 0x7fffffff;

function checkSeeds(seeds: readonly Seed[], nodeCount: number): void {
  for (const seed of seeds) {
    if (!Number.isInteger(seed.node) || seed.node < 0 || seed.node >= nodeCount) {
      throw new RangeError(`seed node ${seed.node} is not a node of this map`);
    }
    for (const value of [seed.weight, seed.distance]) {
      if (!Number.isInteger(value) || value < 0 || value > MAX_SEED_OFFSET) throw new RangeError(`seed offset ${value} is not a u31 integer`);
    }
  }
}

function writeSeeds(words: Uint32Array, address: number, seeds: readonly Seed[]): number {
  let at = address / U32;
  for (const seed of seeds) {
    words[at++] = seed.node;
    words[at++] = seed.weight;
    words[at++] = seed.distance;
  }
  return address + seeds.length * SEED_BYTES;
}

export class RoutingKernels {
  private readonly slots: ScratchPool;
  /** Bucket entries per target search seen so far (search spaces depend on the map), to size buckets once. */
  private entriesPerTarget = 256;

  private constructor(
    private readonly regions: SharedRegions,
    private readonly kernels: RoutingExports,
  ) {
    this.slots = new ScratchPool(regions);
  }

  /** Instantiates the kernels on a routing memory (made by SharedRegions.create) for this thread. */
  static attach(memory: WebAssembly.Memory): RoutingKernels {
    return new RoutingKernels(SharedRegions.attach(memory), instantiateRouting(memory).exports as unknown as RoutingExports);
  }

  /** Runs `use` on a slot borrowed for searches on `hierarchy`, and gives it back whatever happens. */
  private withSlot<T>(hierarchy: Hierarchy, use: (slot: ScratchSlot) => T): T {
    const slot = this.slots.take(hierarchy.nodeCount, hierarchy.arcCount);
    try {
      return use(slot);
    } finally {
      this.slots.give(slot);
    }
  }

  /** Writes both seed lists into the call area; returns their addresses. */
  private placeSeedPair(slot: ScratchSlot, sources: readonly Seed[], targets: readonly Seed[]): [number, number] {
    const area = ensureCallArea(this.regions, slot, (sources.length + targets.length) * SEED_BYTES);
    const words = this.regions.words();
    const targetAddress = writeSeeds(words, area, sources);
    writeSeeds(words, targetAddress, targets);
    return [area, targetAddress];
  }

  private readMeeting(slot: ScratchSlot): RouteCost {
    const view = new DataView(this.regions.memory.buffer, slot.meeting);
    return { weight: view.getUint32(MeetingField.weight, true), distance: view.getUint32(MeetingField.distance, true) };
  }

  /**
   * The fastest route from any source seed to any target seed on the hierarchy, unpacked to original
   * arc ids, with the indexes of the seeds it starts and ends at; null when no target is reachable.
   */
  route(hierarchy: Hierarchy, sourceSeeds: readonly Seed[], targetSeeds: readonly Seed[]): RouteResult | null {
    checkSeeds(sourceSeeds, hierarchy.nodeCount);
    checkSeeds(targetSeeds, hierarchy.nodeCount);
    return this.withSlot(hierarchy, (slot) => this.routeIn(slot, hierarchy, sourceSeeds, targetSeeds));
  }

  private routeIn(slot: ScratchSlot, hierarchy: Hierarchy, sourceSeeds: readonly Seed[], targetSeeds: readonly Seed[]): RouteResult | null {
    const [sources, targets] = this.placeSeedPair(slot, sourceSeeds, targetSeeds);
    const found = this.kernels.chRoute(hierarchy.address, slot.forward, slot.backward,
      sources, sourceSeeds.length, targets, targetSeeds.length, slot.meeting, slot.path);
    if (!found) return null;
    const view = new DataView(this.regions.memory.buffer, slot.path);
    const arcCount = view.getUint32(PathBuffersField.arcCount, true);
    const arcsAddress = view.getUint32(PathBuffersField.arcs, true);
    return {
      ...this.readMeeting(slot),
      arcs: Array.from(new Uint32Array(this.regions.memory.buffer, arcsAddress, arcCount)),
      sourceSeed: view.getUint32(PathBuffersField.sourceSeed, true),
      targetSeed: view.getUint32(PathBuffersField.targetSeed, true),
    };
  }

  /** Weight and distance by plain bidirectional Dijkstra on a graph from placePlainGraph (the baseline). */
  dijkstraCost(plainGraph: Hierarchy, sourceSeeds: readonly Seed[], targetSeeds: readonly Seed[]): RouteCost | null {
    checkSeeds(sourceSeeds, plainGraph.nodeCount);
    checkSeeds(targetSeeds, plainGraph.nodeCount);
    return this.withSlot(plainGraph, (slot) => {
      const [sources, targets] = this.placeSeedPair(slot, sourceSeeds, targetSeeds);
      const found = this.kernels.dijkstraMeet(plainGraph.address, slot.forward, slot.backward,
        sources, sourceSeeds.length, targets, targetSeeds.length, slot.meeting);
      return found ? this.readMeeting(slot) : null;
    });
  }

  /** Duration and distance from every source to every target (each a seed set), by the bucket method. */
  manyToMany(hierarchy: Hierarchy, sources: readonly (readonly Seed[])[], targets: readonly (readonly Seed[])[]): TravelMatrix {
    for (const seeds of [...sources, ...targets]) checkSeeds(seeds, hierarchy.nodeCount);
    return this.withSlot(hierarchy, (slot) => this.manyToManyIn(slot, hierarchy, sources, targets));
  }

  private manyToManyIn(slot: ScratchSlot, hierarchy: Hierarchy, sources: readonly (readonly Seed[])[], targets: readonly (readonly Seed[])[]): TravelMatrix {
    let bucketCapacity = Math.max(1024, Math.ceil(targets.length * this.entriesPerTarget));
    for (;;) {
      const layout = this.placeMatrixCall(slot, sources, targets, bucketCapacity);
      const needed = this.kernels.manyToMany(hierarchy.address, slot.forward, layout.sourceSets, layout.targetSets,
        slot.buckets, layout.weights, layout.distances);
      if (needed === 0) {
        const cells = sources.length * targets.length;
        const memory = this.regions.memory.buffer;
        return {
          sourceCount: sources.length,
          targetCount: targets.length,
          weight: new Uint32Array(memory, layout.weights, cells).slice(),
          distance: new Uint32Array(memory, layout.distances, cells).slice(),
        };
      }
      this.entriesPerTarget = (needed / targets.length) * 1.25;
      bucketCapacity = Math.ceil(needed * 1.25);
    }
  }

  /** Lays out seed sets, matrices and bucket entries in the call area for one manyToMany call. */
  private placeMatrixCall(slot: ScratchSlot, sources: readonly (readonly Seed[])[], targets: readonly (readonly Seed[])[], bucketCapacity: number) {
    const seedCount = (sets: readonly (readonly Seed[])[]) => sets.reduce((sum, seeds) => sum + seeds.length, 0);
    const setBytes = (sets: readonly (readonly Seed[])[]) =>
      align16(SEED_SETS_BYTES) + align16((sets.length + 1) * U32) + align16(seedCount(sets) * SEED_BYTES);
    const matrixBytes = align16(sources.length * targets.length * U32);
    const collectedBytes = align16(bucketCapacity * COLLECTED_ENTRY_BYTES);
    const groupedBytes = align16(2 * bucketCapacity * GROUPED_ENTRY_BYTES);
    const total = setBytes(sources) + setBytes(targets) + 2 * matrixBytes + collectedBytes + groupedBytes + bucketCapacity * U32;
    const area = ensureCallArea(this.regions, slot, total);
    const sourceSets = area;
    const targetSets = sourceSets + setBytes(sources);
    const weights = targetSets + setBytes(targets);
    const distances = weights + matrixBytes;
    const collected = distances + matrixBytes;
    const grouped = collected + collectedBytes;
    const nodes = grouped + groupedBytes;
    this.writeSeedSets(sourceSets, sources);
    this.writeSeedSets(targetSets, targets);
    const view = new DataView(this.regions.memory.buffer, slot.buckets);
    view.setUint32(BucketsField.collected, collected, true);
    view.setUint32(BucketsField.grouped, grouped, true);
    view.setUint32(BucketsField.nodes, nodes, true);
    view.setUint32(BucketsField.capacity, bucketCapacity, true);
    return { sourceSets, targetSets, weights, distances };
  }

  private writeSeedSets(address: number, sets: readonly (readonly Seed[])[]): void {
    const first = address + align16(SEED_SETS_BYTES);
    const seeds = first + align16((sets.length + 1) * U32);
    const words = this.regions.words();
    const view = new DataView(this.regions.memory.buffer, address);
    view.setUint32(SeedSetsField.count, sets.length, true);
    view.setUint32(SeedSetsField.first, first, true);
    view.setUint32(SeedSetsField.seeds, seeds, true);
    let index = 0;
    let at = seeds;
    sets.forEach((set, i) => {
      words[first / U32 + i] = index;
      at = writeSeeds(words, at, set);
      index += set.length;
    });
    words[first / U32 + sets.length] = index;
  }
}

