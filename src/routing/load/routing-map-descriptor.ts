/**
 * What the HTTP thread hands every worker for routing: structured-cloneable and copy-free. Each profile's shared
 * memory holds its hierarchies; the graphs' typed arrays sit on SharedArrayBuffers (the map cache is read into one);
 * the metric tables are SharedArrayBuffers too.
 */
import type { Hierarchy } from '../../kernels/index.js';
import type { RoadGraph } from '../../map/graph/road-graph.js';
import type { RoadGraphPart } from '../../map/graph/road-graph-bytes.js';
import type { SnapIndexData } from '../../map/snap/snap-index.js';
import type { TurnGraph } from '../../map/graph/turn-graph.js';
import type { ProfileName } from '../../map/profiles/index.js';
import type { TrafficModel } from '../traffic/traffic-model.js';
import type { MapArea } from '../area/map-area.js';
import type { MetricCache } from './metric-hierarchy-files.js';

export interface ProfileMapDescriptor {
  profile: ProfileName;
  /** The profile's routing memory: its hierarchies and scratch slots (one per profile, docs/scale.md). */
  memory: WebAssembly.Memory;
  /** Spare routing memories for the metrics built on first use that `memory` has no room for (MemoryChain). */
  spareMemories: WebAssembly.Memory[];
  graph: RoadGraph;
  /** The edge-based graph every search runs on (its arrays on SharedArrayBuffers). */
  turns: TurnGraph;
  /** The default metric's hierarchy of `turns`, in `memory`. */
  hierarchy: Hierarchy;
  /** MetricTable buffer: hierarchies of other metrics, built on first use by any worker. */
  metrics: SharedArrayBuffer;
  /** Where the hierarchies of those metrics are cached. */
  metricCache: MetricCache;
  /** The snap index built at load, which every worker attaches. */
  snap: SnapIndexData;
  /** The restriction copies of arcs by the arc they copy (ArcCopies). */
  arcCopies: Uint32Array;
}

/**
 * Bytes one profile's served map holds, by part, in memory every worker shares: the road graph's parts, the snap
 * index, the turn graph, the default metric's hierarchy and the table of the other metrics' hierarchies
 * (docs/scale.md).
 */
export type ServedParts = Record<RoadGraphPart | 'snapIndex' | 'turnGraph' | 'hierarchy' | 'metricTable', number>;

/** For /v1/version and the import summary. */
export interface RoutingMapSummary {
  name: string;
  nodes: number;
  arcs: number;
  edges: number;
  profiles: ProfileName[];
  seconds: number;
  peakRssBytes: number;
  /** Per profile: bytes a process serves, by part. */
  servedBytes: Partial<Record<ProfileName, ServedParts>>;
  /** Per profile: turn restrictions applied and ignored (broken, or matching no road). */
  restrictions: Partial<Record<ProfileName, { applied: number; ignored: number }>>;
  fromCache: boolean;
  /**
   * Identity of the roads and traffic served: processes of one deployment must agree on it before sharing
   * tasks (docs/scale-out.md).
   */
  hash: string;
  /** Every map served, when this summary stands for all of them (the first map's fields, every map's hash). */
  maps?: RoutingMapSummary[];
  [key: string]: unknown;
}

export interface RoutingMapDescriptor {
  maps: ProfileMapDescriptor[];
  /** Predicted traffic for `route_with_traffic` and `settings.enable_historic_traffic`. */
  traffic: TrafficModel;
  summary: RoutingMapSummary;
  /** Where the requests this map answers lie. */
  area: MapArea;
}

/** All bytes served, every profile and part: what the map costs a process. */
export function servedTotal(servedBytes: Partial<Record<string, Record<string, number>>>): number {
  let total = 0;
  for (const parts of Object.values(servedBytes)) for (const bytes of Object.values(parts ?? {})) total += bytes;
  return total;
}
