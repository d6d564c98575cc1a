/**
 * The metrics built on first use (truck dimension classes, traffic patterns), shared by every worker: the table
 * lives in a SharedArrayBuffer, and each metric's hierarchy and its arc weights and durations in the profile's
 * shared routing memories (its own or a spare one: MemoryChain), so a metric is computed and contracted once per process, by whichever worker needs it first,
 * while the others wait for it, and no worker holds a copy of its own.
 */
import type { ChainAddress, Hierarchy } from '../../kernels/index.js';

/**
 * A metric in the profile's routing memories: its hierarchy and the memory holding it (by its place in the
 * MemoryChain), and where its arc weights and arc durations are (one u32 per arc of the road graph each).
 */
export interface SharedMetric {
  hierarchy: Hierarchy;
  hierarchyMemory: number;
  weight: ChainAddress;
  durationMs: ChainAddress;
}

/**
 * A metric a builder made, and what it does once the metric is published: storing its hierarchy in the cache holds
 * the builder's thread for seconds on a large map, during which it could not beat (below), and a waiter would take
 * the build over.
 */
export interface BuiltMetric {
  metric: SharedMetric;
  afterPublished(): void;
}

/** Int32 fields of one slot; HEARTBEAT is the builder's last sign of life, in Unix seconds. */
const STATE = 0, ADDRESS = 1, NODES = 2, ARCS = 3, SHORTCUTS = 4, BYTE_OFFSET = 5, BYTE_LENGTH = 6, HEARTBEAT = 7,
  WEIGHT = 8, DURATION = 9, HIERARCHY_MEMORY = 10, WEIGHT_MEMORY = 11, DURATION_MEMORY = 12;
const SLOT_INTS = 13;

const EMPTY = 0, BUILDING = 1, READY = 2;

type WaitAsync = (array: Int32Array, index: number, value: number) => { async: boolean; value: Promise<string> | string };

/** Longest pause between looks at a slot; the timer also keeps a worker alive while it waits. */
const RECHECK_MS = 50;
/**
 * A builder beats every second (its contraction runs in another thread, so its loop is free). A worker
 * terminated mid-build (a canceled task) stops beating; after this long a waiter takes the build over.
 */
const HEARTBEAT_MS = 1000;
const STALE_SECONDS = 5;

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/**
 * Waits until the slot's state is no longer `value`, without blocking the worker's event loop. Atomics.waitAsync
 * wakes at once on notify but does not keep a thread alive by itself, so a timer runs alongside it.
 */
async function waitWhile(states: Int32Array, index: number, value: number): Promise<void> {
  const waitAsync = (Atomics as unknown as { waitAsync?: WaitAsync }).waitAsync;
  while (Atomics.load(states, index) === value) {
    let timer: NodeJS.Timeout | undefined;
    const recheck = new Promise((resolve) => (timer = setTimeout(resolve, RECHECK_MS)));
    await Promise.race([recheck, ...(waitAsync ? [waitAsync(states, index, value).value] : [])]);
    clearTimeout(timer);
  }
}

export class MetricTable {
  private readonly slots: Int32Array;

  constructor(readonly buffer: SharedArrayBuffer) {
    this.slots = new Int32Array(buffer);
  }

  /** A table for metric keys 0 … capacity-1 (structured-clone `buffer` to share it). */
  static create(capacity: number): MetricTable {
    return new MetricTable(new SharedArrayBuffer(capacity * SLOT_INTS * Int32Array.BYTES_PER_ELEMENT));
  }

  get capacity(): number {
    return this.slots.length / SLOT_INTS;
  }

  /** Metric `key` if some thread finished building it. */
  get(key: number): SharedMetric | undefined {
    const at = this.slotOf(key);
    if (Atomics.load(this.slots, at + STATE) !== READY) return undefined;
    const u32 = (field: number) => this.slots[at + field]! >>> 0;
    const hierarchy = {
      address: u32(ADDRESS), nodeCount: u32(NODES), arcCount: u32(ARCS), shortcutCount: u32(SHORTCUTS),
      byteOffset: u32(BYTE_OFFSET), byteLength: u32(BYTE_LENGTH),
    };
    return {
      hierarchy, hierarchyMemory: u32(HIERARCHY_MEMORY),
      weight: { memory: u32(WEIGHT_MEMORY), address: u32(WEIGHT) }, durationMs: { memory: u32(DURATION_MEMORY), address: u32(DURATION) },
    };
  }

  /**
   * Metric `key`: built here by `build` if no thread has started it, otherwise awaited.
   * A failed build frees the slot again, so a later call retries instead of waiting forever.
   */
  async obtain(key: number, build: () => Promise<BuiltMetric>): Promise<SharedMetric> {
    const at = this.slotOf(key);
    for (;;) {
      const ready = this.get(key);
      if (ready) return ready;
      if (Atomics.compareExchange(this.slots, at + STATE, EMPTY, BUILDING) === EMPTY) return this.buildInto(at, build);
      if (nowSeconds() - Atomics.load(this.slots, at + HEARTBEAT) > STALE_SECONDS) {
        Atomics.compareExchange(this.slots, at + STATE, BUILDING, EMPTY);
        continue;
      }
      await waitWhile(this.slots, at + STATE, BUILDING);
    }
  }

  private async buildInto(at: number, build: () => Promise<BuiltMetric>): Promise<SharedMetric> {
    const beat = (): void => {
      Atomics.store(this.slots, at + HEARTBEAT, nowSeconds());
    };
    beat();
    const heartbeat = setInterval(beat, HEARTBEAT_MS);
    let built: BuiltMetric;
    try {
      built = await build();
      const { metric } = built, h = metric.hierarchy;
      const fields: [number, number][] = [[ADDRESS, h.address], [NODES, h.nodeCount], [ARCS, h.arcCount],
        [SHORTCUTS, h.shortcutCount], [BYTE_OFFSET, h.byteOffset], [BYTE_LENGTH, h.byteLength], [HIERARCHY_MEMORY, metric.hierarchyMemory],
        [WEIGHT, metric.weight.address], [WEIGHT_MEMORY, metric.weight.memory],
        [DURATION, metric.durationMs.address], [DURATION_MEMORY, metric.durationMs.memory]];
      for (const [field, value] of fields) this.slots[at + field] = value | 0;
      Atomics.store(this.slots, at + STATE, READY);
    } catch (error) {
      Atomics.store(this.slots, at + STATE, EMPTY);
      throw error;
    } finally {
      clearInterval(heartbeat);
      Atomics.notify(this.slots, at + STATE);
    }
    built.afterPublished();
    return built.metric;
  }

  private slotOf(key: number): number {
    if (!Number.isInteger(key) || key < 0 || key >= this.capacity) throw new RangeError(`metric key ${key} outside the table`);
    return key * SLOT_INTS;
  }
}
