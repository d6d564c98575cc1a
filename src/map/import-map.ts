import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { readMapCacheFile, writeMapCacheFile } from './cache/map-cache-file.js';
import { fileSha256, mapCacheKey } from './cache/map-cache-key.js';
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
  let graph: RoadGraph | undefined = readMapCacheFile(cache.path, cache.key);
  const fromCache = graph !== undefined;
  if (!graph) {
    const built = await buildRoadGraph(sourcePath, PROFILES[profile], progress);
    progress('cache', 0);
    mkdirSync(dirname(cache.path), { recursive: true });
    writeMapCacheFile(cache.path, cache.key, built);
    // Re-read so a fresh import and a warm start hand out the same SharedArrayBuffer-backed graph.
    graph = readMapCacheFile(cache.path, cache.key) ?? built;
    progress('cache', 1);
  }
  progress('index', 0);
  const snapIndex = cachedSnapIndex(`${cache.path}.snap`, cache.key, graph);
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
