/**
 * What the HTTP thread hands every worker for routing: structured-cloneable and copy-free. The shared memory
 * holds the hierarchies; the graphs' typed arrays sit on SharedArrayBuffers (the map cache is read into one);
 * the metric tables are SharedArrayBuffers too.
 */
import type { Hierarchy } from '../../kernels/index.js';
import type { RoadGraph } from '../../map/graph/road-graph.js';
import type { TurnGraph } from '../../map/graph/turn-graph.js';
import type { ProfileName } from '../../map/profiles/index.js';
import type { TrafficModel } from '../traffic/traffic-model.js';

export interface ProfileMapDescriptor {
  profile: ProfileName;
  graph: RoadGraph;
  /** The edge-based graph every search runs on (its arrays on SharedArrayBuffers). */
  turns: TurnGraph;
  /** The default metric's hierarchy of `turns`, in `memory`. */
  hierarchy: Hierarchy;
  /** MetricTable buffer: hierarchies of other metrics, built on first use by any worker. */
  metrics: SharedArrayBuffer;
}

/** For /v1/version and the import summary. */
export interface RoutingMapSummary {
  name: string;
  nodes: number;
  arcs: number;
  edges: number;
  profiles: ProfileName[];
  seconds: number;
  peakRssBytes: number;
  /** Per profile: bytes of the road graph, turn graph and default hierarchy a process serves. */
  servedBytes: Partial<Record<ProfileName, number>>;
  /** Per profile: turn restrictions applied and ignored (broken, or matching no road). */
  restrictions: Partial<Record<ProfileName, { applied: number; ignored: number }>>;
  fromCache: boolean;
  /**
   * Identity of the roads and traffic served: processes of one deployment must agree on it before sharing
   * tasks (docs/scale-out.md).
   */
  hash: string;
  [key: string]: unknown;
}

export interface RoutingMapDescriptor {
  memory: WebAssembly.Memory;
  maps: ProfileMapDescriptor[];
  /** Predicted traffic for `route_with_traffic` and `settings.enable_historic_traffic`. */
  traffic: TrafficModel;
  summary: RoutingMapSummary;
}
