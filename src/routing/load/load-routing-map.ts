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
import { buildTurnGraph, type TurnGraph } from '../../map/graph/turn-graph.js';
import { cachedTurnGraph } from '../../map/cache/turn-graph-cache.js';
import { filesOfMapCache, hierarchyPath, turnGraphPath } from '../../map/cache/cache-files.js';
import type { RoadGraph } from '../../map/graph/road-graph.js';
import type { SnapIndexData } from '../../map/snap/snap-index.js';
import { ownBytes, sameBytes } from '../../common/shared-fields.js';
import { TURN_MODEL_VERSION, type DrivingSide } from '../../map/graph/turn-model.js';
import { PROFILES, type ProfileName } from '../../map/profiles/index.js';
import type { RoadMap } from '../../map/road-map.js';
import { ContractionProgress } from './contraction-progress.js';
import { MetricTable } from './metric-table.js';
import { spareMemories } from './spare-memories.js';
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
  /** The cache files the profiles were served from. */
  cacheFiles: string[];
}

/** What a profile serves besides its hierarchy, sharing with the first profile's every array they hold alike. */
interface ServedProfile {
  map: RoadMap;
  graph: RoadGraph;
  turns: TurnGraph;
  side: DrivingSide;
  snap: SnapIndexData;
  arcCopies: Uint32Array;
}

function sameTexts(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((text, index) => text === b[index]);
}

/**
 * The profile's road graph, its edge-based graph (with the profile's turn costs and the map's driving side)
 * and its snap index. Profiles read the same ways: their coordinates, topology, attributes and names mostly
 * agree byte for byte, and a later profile holds the first one's arrays wherever they do (docs/scale.md).
 */
async function servedProfile(map: RoadMap, first: ServedProfile | undefined): Promise<ServedProfile> {
  const side = drivingSideOf(map.graph);
  const turns = await cachedTurnGraph(turnGraphPath(map.cachePath), turnGraphKey(map, side),
    () => buildTurnGraph(map.graph, { turns: PROFILES[map.graph.profile].turns, drivingSide: side }), first?.turns);
  const own = { map, graph: map.graph, turns, side, snap: map.snapIndex.data, arcCopies: map.arcCopies.byOrigin };
  if (!first) return own;
  if (sameTexts(first.graph.names, map.graph.names)) map.graph.names = first.graph.names;
  return {
    ...own,
    snap: map.snapIndex === first.map.snapIndex ? first.snap : own.snap,
    arcCopies: sameBytes(first.arcCopies, own.arcCopies) ? first.arcCopies : own.arcCopies,
  };
}

/** What the turn graph and its hierarchy are made of: the road graph, the profile, the turn model and the driving side. */
function turnGraphKey(map: RoadMap, side: DrivingSide): string {
  return `${map.cacheKey}/${map.graph.profile}/turns-v${TURN_MODEL_VERSION}-${side}`;
}

/** The default metric's hierarchy of the turn graph, restored from beside the graph cache or contracted and stored there. */
async function defaultHierarchy(regions: SharedRegions, map: RoadMap, turns: TurnGraph, side: DrivingSide,
                                onProgress: (fraction: number) => void): Promise<Hierarchy> {
  try {
    const hierarchy = await cachedHierarchy(regions, turns, hierarchyPath(map.cachePath), turnGraphKey(map, side), { onProgress });
    onProgress(1);
    return hierarchy;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`the ${map.graph.profile} profile's hierarchy of ${turns.nodeCount} turn graph nodes and ${turns.turnCount} turns: ${reason}`, { cause: error });
  }
}

interface LoadedProfile {
  map: RoadMap;
  descriptor: ProfileMapDescriptor;
  servedBytes: ServedParts;
}

function snapBytes(served: ServedProfile, first: ServedProfile | undefined): number {
  const tree = served.snap === first?.snap ? 0 : served.snap.tree.byteLength + served.snap.segmentEdge.byteLength;
  return tree + (served.arcCopies === first?.arcCopies ? 0 : served.arcCopies.byteLength);
}

/**
 * Each profile's hierarchy and metrics live in a routing memory of its own, so that the 4 GiB a WebAssembly memory
 * can address bounds one profile's data, not every profile's together.
 */
async function profileWithHierarchy(served: ServedProfile, first: ServedProfile | undefined, traffic: TrafficModel,
                                    onProgress: (fraction: number) => void): Promise<LoadedProfile> {
  const { map, graph, turns, side } = served;
  const regions = SharedRegions.create();
  const hierarchy = await defaultHierarchy(regions, map, turns, side, onProgress);
  const profile = graph.profile;
  const { checksDimensions } = PROFILES[profile];
  const timeSlots = timeSlotsOf(traffic, graph).pattern.length;
  const metrics = MetricTable.create(metricTableCapacity(checksDimensions, timeSlots)).buffer;
  const spare = spareMemories(hierarchy, graph.arcCount, timeSlots, checksDimensions);
  return {
    map,
    descriptor: {
      profile, memory: regions.memory, spareMemories: spare, graph, turns, hierarchy, metrics, snap: served.snap, arcCopies: served.arcCopies,
      metricCache: { mapCachePath: map.cachePath, hierarchyKey: turnGraphKey(map, side) },
    },
    servedBytes: {
      ...roadGraphParts(graph, first?.graph),
      snapIndex: snapBytes(served, first),
      turnGraph: ownBytes(turns, first?.turns),
      hierarchy: hierarchy.byteLength,
      metricTable: metrics.byteLength,
    },
  };
}

/**
 * Imports the profiles one after the other but contracts them concurrently: each contraction runs in a worker
 * of its own, so a cold start takes about the slowest profile's contraction rather than the sum of them.
 */
async function loadProfiles(mapFile: string, dataDir: string, profiles: ProfileName[], traffic: TrafficModel, progress: ProgressCallback): Promise<LoadedProfile[]> {
  const pending: Promise<LoadedProfile>[] = [];
  const contraction = new ContractionProgress(progress);
  let first: ServedProfile | undefined;
  for (const profile of profiles) {
    const map = await importMap(mapFile, { dataDir, profile, onProgress: progress, alike: first?.map });
    const served = await servedProfile(map, first);
    const loaded = profileWithHierarchy(served, first, traffic, contraction.part(served.turns.nodeCount));
    // Observed at once: a contraction failing while the next profile imports (or after that import failed) must
    // not end the process as an unhandled rejection; Promise.all reports it.
    loaded.catch(() => undefined);
    pending.push(loaded);
    first ??= served;
  }
  contraction.release();
  return Promise.all(pending);
}

export async function loadRoutingMap(options: LoadRoutingMapOptions): Promise<LoadedRoutingMap> {
  const started = performance.now();
  const traffic = options.trafficFile ? readTrafficFile(options.trafficFile) : TYPICAL_WEEK;
  const mapFile = servedMapFile(options.mapFile, options.dataDir);
  const progress = options.onProgress ?? (() => undefined);
  const profiles = options.profiles ?? ['auto', 'truck'];
  const identity = createHash('sha256').update(options.trafficFile ? await fileSha256(options.trafficFile) : traffic.source);
  const loaded = await loadProfiles(mapFile, options.dataDir, profiles, traffic, progress);
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
  const cacheFiles = loaded.flatMap(({ map }) => filesOfMapCache(map.cachePath));
  return { descriptor: { maps, traffic, summary, area: areaOfRoads(first) }, summary, cacheFiles };
}
