/**
 * Loads a map for routing on the HTTP thread: the road graph of each profile through the map import (cached by
 * it), then the default metric's hierarchy, restored from its cache or contracted and cached, all in one shared
 * routing memory. The result's descriptor is what every worker attaches (attach-routing-map.ts).
 */
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { cachedHierarchy, SharedRegions, type Hierarchy } from '../../kernels/index.js';
import type { ProgressCallback } from '../../map/graph/build-road-graph.js';
import { DEMO_TOWN } from '../../map/demo-town.js';
import { servedMapFile } from '../../map/demo-town-file.js';
import { fileSha256 } from '../../map/cache/map-cache-key.js';
import { importMap } from '../../map/import-map.js';
import { drivingSideOf } from '../../map/graph/driving-side.js';
import { roadGraphParts } from '../../map/graph/road-graph-bytes.js';
import { buildTurnGraph, sharedTurnGraph, turnGraphBytes, type TurnGraph } from '../../map/graph/turn-graph.js';
import { TURN_MODEL_VERSION, type DrivingSide } from '../../map/graph/turn-model.js';
import { PROFILES, type ProfileName } from '../../map/profiles/index.js';
import type { RoadMap } from '../../map/road-map.js';
import { MetricTable } from './metric-table.js';
import { areaOfRoads } from '../area/map-area.js';
import { metricTableCapacity } from '../query/metric-selection.js';
import { timeSlotsOf } from '../traffic/time-slots.js';
import type { TrafficModel } from '../traffic/traffic-model.js';
import type { ProfileMapDescriptor, RoutingMapDescriptor, RoutingMapSummary, ServedParts } from './routing-map-descriptor.js';
import { readTrafficFile } from '../traffic/traffic-file.js';
import { TYPICAL_WEEK } from '../traffic/typical-week.js';

export interface LoadRoutingMapOptions {
  /** OSM extract (.osm.pbf or .osm); the embedded demo town when absent. */
  mapFile?: string;
  /** The service's data folder: graph and hierarchy caches go to `<dataDir>/maps/`. */
  dataDir: string;
  /** Graphs to load; `truck` serves vehicles of type truck. Default: both. */
  profiles?: ProfileName[];
  /** The map import's phases (hash, read, build, cache, index), then `contract`; fraction in [0, 1]. */
  onProgress?: ProgressCallback;
  /** Predicted traffic (traffic-file.ts) instead of the built-in typical week. */
  trafficFile?: string;
}

export interface LoadedRoutingMap {
  descriptor: RoutingMapDescriptor;
  summary: RoutingMapSummary;
}

/** The edge-based graph of a profile's road graph, with the profile's turn costs and the map's driving side. */
function turnGraphOf(map: RoadMap): { turns: TurnGraph; side: DrivingSide } {
  const side = drivingSideOf(map.graph);
  const turns = buildTurnGraph(map.graph, { turns: PROFILES[map.graph.profile].turns, drivingSide: side });
  return { turns: sharedTurnGraph(turns), side };
}

/**
 * The default metric's hierarchy of the turn graph, restored from beside the graph cache or contracted and
 * stored there, under a key naming the profile, the turn model's version and the driving side.
 */
async function defaultHierarchy(regions: SharedRegions, map: RoadMap, turns: TurnGraph, side: DrivingSide, progress: ProgressCallback): Promise<Hierarchy> {
  progress('contract', 0);
  const key = `${map.cacheKey}/${map.graph.profile}/turns-v${TURN_MODEL_VERSION}-${side}`;
  const hierarchy = await cachedHierarchy(regions, turns, `${map.cachePath}.turns.ch`, key);
  progress('contract', 1);
  return hierarchy;
}

interface LoadedProfile {
  map: RoadMap;
  descriptor: ProfileMapDescriptor;
  servedBytes: ServedParts;
}

async function profileWithHierarchy(regions: SharedRegions, map: RoadMap, traffic: TrafficModel, progress: ProgressCallback): Promise<LoadedProfile> {
  const { turns, side } = turnGraphOf(map);
  const hierarchy = await defaultHierarchy(regions, map, turns, side, progress);
  const profile = map.graph.profile;
  const capacity = metricTableCapacity(PROFILES[profile].checksDimensions, timeSlotsOf(traffic, map.graph).pattern.length);
  const metrics = MetricTable.create(capacity).buffer;
  return {
    map,
    descriptor: { profile, graph: map.graph, turns, hierarchy, metrics, snap: map.snapIndex.data, arcCopies: map.arcCopies.byOrigin },
    servedBytes: {
      ...roadGraphParts(map.graph),
      snapIndex: map.snapIndex.byteLength + map.arcCopies.byOrigin.byteLength,
      turnGraph: turnGraphBytes(turns),
      hierarchy: hierarchy.byteLength,
      metricTable: metrics.byteLength,
    },
  };
}

/**
 * Imports the profiles one after the other but contracts them concurrently: each contraction runs in a worker
 * of its own, so a cold start takes about the slowest profile's contraction rather than the sum of them.
 */
async function loadProfiles(regions: SharedRegions, mapFile: string, dataDir: string, profiles: ProfileName[], traffic: TrafficModel, progress: ProgressCallback): Promise<LoadedProfile[]> {
  const pending: Promise<LoadedProfile>[] = [];
  try {
    for (const profile of profiles) {
      const map = await importMap(mapFile, { dataDir, profile, onProgress: progress });
      pending.push(profileWithHierarchy(regions, map, traffic, progress));
    }
  } finally {
    // A failed import must not leave a contraction's rejection unobserved (it would end the process).
    for (const promise of pending) promise.catch(() => undefined);
  }
  return Promise.all(pending);
}

export async function loadRoutingMap(options: LoadRoutingMapOptions): Promise<LoadedRoutingMap> {
  const started = performance.now();
  const traffic = options.trafficFile ? readTrafficFile(options.trafficFile) : TYPICAL_WEEK;
  const mapFile = servedMapFile(options.mapFile, options.dataDir);
  const progress = options.onProgress ?? (() => undefined);
  const profiles = options.profiles ?? ['auto', 'truck'];
  const regions = SharedRegions.create();
  const identity = createHash('sha256').update(options.trafficFile ? await fileSha256(options.trafficFile) : traffic.source);
  const loaded = await loadProfiles(regions, mapFile, options.dataDir, profiles, traffic, progress);
  const maps = loaded.map(({ descriptor }) => descriptor);
  const servedBytes: RoutingMapSummary['servedBytes'] = {};
  const restrictions: RoutingMapSummary['restrictions'] = {};
  for (const { map, descriptor, servedBytes: bytes } of loaded) {
    identity.update(map.cacheKey);
    servedBytes[descriptor.profile] = bytes;
    restrictions[descriptor.profile] = { applied: map.summary.restrictionsApplied, ignored: map.summary.restrictionsIgnored };
  }
  const fromCache = loaded.every(({ map }) => map.summary.fromCache);
  const first = maps[0]!.graph;
  const summary: RoutingMapSummary = {
    name: options.mapFile ? basename(options.mapFile) : `${DEMO_TOWN.name} (demo town)`,
    nodes: first.nodeCount,
    arcs: first.arcCount,
    edges: first.edgeCount,
    profiles,
    seconds: (performance.now() - started) / 1000,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    servedBytes,
    restrictions,
    fromCache,
    traffic: traffic.source,
    hash: identity.digest('hex').slice(0, 16),
  };
  return { descriptor: { memory: regions.memory, maps, traffic, summary, area: areaOfRoads(first) }, summary };
}
