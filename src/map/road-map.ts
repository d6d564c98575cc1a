import type { RoadGraph } from './graph/road-graph.js';
import type { ArcCopies } from './snap/seeds.js';
import type { SnapIndex } from './snap/snap-index.js';

/** What `fleetroute import FILE` prints at the end. */
export interface ImportSummary {
  nodes: number;
  arcs: number;
  edges: number;
  /** Turn restrictions applied, and ignored (broken relations, or matching no road of the graph). */
  restrictionsApplied: number;
  restrictionsIgnored: number;
  seconds: number;
  peakRssBytes: number;
  fromCache: boolean;
}

/** A loaded map: the road graph (typed arrays on one SharedArrayBuffer when loaded from the cache) and its indexes. */
export interface RoadMap {
  graph: RoadGraph;
  snapIndex: SnapIndex;
  arcCopies: ArcCopies;
  sourcePath: string;
  sourceHash: string;
  /** Cache file of the graph; derived caches (hierarchy, metrics) belong next to it, keyed by `cacheKey`. */
  cachePath: string;
  cacheKey: string;
  summary: ImportSummary;
}
