/**
 * Where a profile's metrics built on first use keep their hierarchies: beside its default hierarchy in the map
 * cache, each under the key of the turn graph it contracts and the digest of its weights, so that a file never
 * serves another map, profile, turn model or metric than its own.
 */
import type { MetricHierarchyFiles } from '../../kernels/index.js';
import { metricHierarchyPath } from '../../map/cache/cache-files.js';
import { markCacheFilesUsed } from '../../map/cache/stale-cache-files.js';

export interface MetricCache {
  /** The profile's map cache, which its turn graph and hierarchy files are named after (cache-files.ts). */
  mapCachePath: string;
  /** The key the default hierarchy is stored under: what the turn graph is made of. */
  hierarchyKey: string;
}

export function metricHierarchyFiles(cache: MetricCache): MetricHierarchyFiles {
  return {
    fileOf: (weightDigest) => ({
      path: metricHierarchyPath(cache.mapCachePath, weightDigest), key: `${cache.hierarchyKey}/metric-${weightDigest}`,
    }),
    onRead: (path) => void markCacheFilesUsed([path]),
    // A worker has no logger of its own; the warning reaches the process's standard error.
    onStoreFailed: (error) => process.emitWarning(
      `A metric's hierarchy could not be cached, so the next start contracts it again: ${error instanceof Error ? error.message : String(error)}`),
  };
}
