import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { readMapCacheFile, writeMapCacheFile } from './cache/map-cache-file.js';
import { fileSha256, mapCacheKey } from './cache/map-cache-key.js';
import { snapIndexPath } from './cache/cache-files.js';
import { cachedSnapIndex } from './cache/snap-index-cache.js';
import { buildRoadGraph, type ProgressCallback } from './graph/build-road-graph.js';
import type { RoadGraph } from './graph/road-graph.js';
import { PROFILES, type ProfileName } from './profiles/index.js';
import type { RoadMap } from './road-map.js';
import { ArcCopies } from './snap/seeds.js';

export interface ImportOptions {
  profile?: ProfileName;
  /** Folder of the service's data; the graph cache goes to `<dataDir>/maps/`. */
  dataDir: string;
  /** Phases in order: hash, read, build, cache, index; fraction in [0, 1] within each. */
  onProgress?: ProgressCallback;
  /**
   * Another profile's map of the same file: the arrays it holds alike (same bytes) are taken from it instead of
   * being read again, and so is its snap index where the geometry is the same.
   */
  alike?: RoadMap;
}

/** Whether two graphs hold the very same geometry arrays, of which the snap index is made (SnapIndex.build). */
function sameGeometry(graph: RoadGraph, other: RoadGraph): boolean {
  return graph.geomStart === other.geomStart && graph.geomLat === other.geomLat && graph.geomLon === other.geomLon;
}

/**
 * Loads the road map of an OSM file: from the cache when a file with the same content was imported before
 * for this profile and format version, otherwise by importing it and writing the cache.
 */
export async function importMap(sourcePath: string, options: ImportOptions): Promise<RoadMap> {
  const started = performance.now();
  const profile = options.profile ?? 'auto';
  const progress = options.onProgress ?? (() => undefined);
  progress('hash', 0);
  const sourceHash = await fileSha256(sourcePath);
  progress('hash', 1);
  const cache = mapCacheKey(sourcePath, sourceHash, profile, options.dataDir);
  const alike = options.alike?.graph;
  let graph: RoadGraph | undefined = await readMapCacheFile(cache.path, cache.key, alike);
  const fromCache = graph !== undefined;
  if (!graph) {
    const built = await buildRoadGraph(sourcePath, PROFILES[profile], progress);
    progress('cache', 0);
    mkdirSync(dirname(cache.path), { recursive: true });
    writeMapCacheFile(cache.path, cache.key, built);
    // Re-read so a fresh import and a warm start hand out the same SharedArrayBuffer-backed graph.
    graph = (await readMapCacheFile(cache.path, cache.key, alike)) ?? built;
    progress('cache', 1);
  }
  progress('index', 0);
  const snapIndex = options.alike && sameGeometry(graph, options.alike.graph)
    ? options.alike.snapIndex
    : await cachedSnapIndex(snapIndexPath(cache.path), cache.key, graph);
  const arcCopies = ArcCopies.build(graph);
  progress('index', 1);
  return {
    graph, snapIndex, arcCopies, sourcePath, sourceHash, cachePath: cache.path, cacheKey: cache.key,
    summary: {
      nodes: graph.nodeCount, arcs: graph.arcCount, edges: graph.edgeCount,
      restrictionsApplied: graph.restrictionsApplied, restrictionsIgnored: graph.restrictionsIgnored,
      seconds: (performance.now() - started) / 1000,
      peakRssBytes: process.resourceUsage().maxRSS * 1024,
      fromCache,
    },
  };
}
