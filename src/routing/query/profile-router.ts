/**
 * One profile's road graph as a worker routes on it: the snapping index, the restriction copies for seeds,
 * the turn graph searches run on, and the metrics (arc weights and durations with their hierarchy), the default one ready at once and the
 * others built on first use in the profile's shared routing memories, found through the MetricTable and memoised here as views.
 */
import { MemoryChain, MetricHierarchies, RoutingKernels, type Hierarchy } from '../../kernels/index.js';
import { computeMetric } from '../../map/graph/metric.js';
import type { RoadGraph } from '../../map/graph/road-graph.js';
import { turnMetric, type TurnGraph } from '../../map/graph/turn-graph.js';
import type { ProfileName } from '../../map/profiles/index.js';
import { ArcCopies } from '../../map/snap/seeds.js';
import { SnapIndex } from '../../map/snap/snap-index.js';
import { MetricTable, type BuiltMetric } from '../load/metric-table.js';
import { metricHierarchyFiles } from '../load/metric-hierarchy-files.js';
import { DEFAULT_METRIC_KEY, metricKey, type MetricSelection } from './metric-selection.js';
import type { ProfileMapDescriptor } from '../load/routing-map-descriptor.js';
import { patternSpeedFactor, type TrafficModel } from '../traffic/traffic-model.js';
import { timeSlotsOf, type TimeSlots } from '../traffic/time-slots.js';

/**
 * A metric ready to route on: searches minimise `weight`, routes report `durationMs` (both per road arc; the
 * hierarchy is over the turn graph, whose turns add their own time to both); `kernels` search the memory the
 * hierarchy is in.
 */
export interface RoutingMetric {
  hierarchy: Hierarchy;
  kernels: RoutingKernels;
  weight: Uint32Array;
  durationMs: Uint32Array;
}

export class ProfileRouter {
  readonly profile: ProfileName;
  readonly graph: RoadGraph;
  readonly turns: TurnGraph;
  readonly snapIndex: SnapIndex;
  readonly arcCopies: ArcCopies;
  readonly slots: TimeSlots;
  private readonly table: MetricTable;
  /** This thread's hierarchies by weight content: classes with identical weights share one contraction. */
  private readonly hierarchies: MetricHierarchies;
  private readonly metrics = new Map<number, Promise<RoutingMetric>>();
  private readonly chain: MemoryChain;
  /** This thread's kernels on each memory of the chain, instantiated on its first metric. */
  private readonly kernelsByMemory: RoutingKernels[];

  /**
   * `kernels`: this thread's, on the profile's own memory. Not kept apart from the metrics: a metric may lie in a
   * spare memory, so a search takes the kernels its metric names.
   */
  constructor(descriptor: ProfileMapDescriptor, kernels: RoutingKernels, readonly traffic: TrafficModel) {
    this.profile = descriptor.profile;
    this.graph = descriptor.graph;
    this.turns = descriptor.turns;
    this.snapIndex = SnapIndex.attach(descriptor.graph, descriptor.snap);
    this.arcCopies = ArcCopies.attach(descriptor.graph, descriptor.arcCopies);
    this.slots = timeSlotsOf(traffic, descriptor.graph);
    this.table = new MetricTable(descriptor.metrics);
    this.chain = MemoryChain.attach([descriptor.memory, ...descriptor.spareMemories]);
    this.kernelsByMemory = [kernels];
    this.hierarchies = new MetricHierarchies(this.chain, descriptor.turns, descriptor.hierarchy, metricHierarchyFiles(descriptor.metricCache));
    const { weight, durationMs } = descriptor.graph;
    this.metrics.set(DEFAULT_METRIC_KEY, Promise.resolve({ hierarchy: descriptor.hierarchy, kernels, weight, durationMs }));
  }

  metric(selection: MetricSelection): Promise<RoutingMetric> {
    const key = metricKey(selection, this.slots.pattern.length);
    let metric = this.metrics.get(key);
    if (!metric) {
      metric = this.buildMetric(key, selection);
      // A failed build is not memoised: the next request tries again.
      metric.catch(() => this.metrics.delete(key));
      this.metrics.set(key, metric);
    }
    return metric;
  }

  private async buildMetric(key: number, selection: MetricSelection): Promise<RoutingMetric> {
    const { hierarchy, hierarchyMemory, weight, durationMs } = await this.table.obtain(key, () => this.placeMetric(selection));
    const arcs = this.graph.arcCount;
    return {
      hierarchy, kernels: this.kernelsOn(hierarchyMemory), weight: this.chain.uint32s(weight, arcs), durationMs: this.chain.uint32s(durationMs, arcs),
    };
  }

  private kernelsOn(memory: number): RoutingKernels {
    return (this.kernelsByMemory[memory] ??= RoutingKernels.attach(this.chain.regions[memory]!.memory));
  }

  /**
   * Makes sure the metric's hierarchy is in the map cache, contracting it if not, without holding it here (an
   * import prepares what its map will serve: prepare-metrics.ts). True when it was contracted.
   */
  prepareMetric(selection: MetricSelection): Promise<boolean> {
    return this.hierarchies.prepare(turnMetric(this.turns, this.arcMetric(selection).weight));
  }

  /** Computes a metric into the shared memories, where every worker reads it. */
  private async placeMetric(selection: MetricSelection): Promise<BuiltMetric> {
    const { weight, durationMs } = this.arcMetric(selection);
    // Read from the map cache, or contracted (reusing the default metric's order, docs/ch.md) and stored there.
    const { hierarchy, memory, store } = await this.hierarchies.forWeights(turnMetric(this.turns, weight));
    const metric = { hierarchy, hierarchyMemory: memory, weight: this.chain.placeUint32s(weight), durationMs: this.chain.placeUint32s(durationMs) };
    return { metric, afterPublished: store };
  }

  /** The road arcs' weights and durations of the selected dimension class in the selected time slot. */
  private arcMetric(selection: MetricSelection): { weight: Uint32Array; durationMs: Uint32Array } {
    const slot = selection.timeSlot ?? 0, hourOfWeek = this.slots.hour[slot];
    const speedFactor = patternSpeedFactor(this.traffic, this.slots.pattern[slot]!, this.graph);
    return computeMetric(this.graph, {
      ...(selection.dimensionClass && { dimensionClass: selection.dimensionClass }), ...(speedFactor && { speedFactor }),
      ...(hourOfWeek !== undefined && { hourOfWeek }),
    });
  }
}
