/**
 * The names of the files the caches keep in `<dataDir>/maps/`. The files derived from a profile's map cache are
 * named after it, so that they belong to one extract, profile and format version as it does.
 */

/** The snap index beside a map cache (snap-index-cache.ts). */
export function snapIndexPath(mapCachePath: string): string {
  return `${mapCachePath}.snap`;
}

/** The turn graph beside a map cache (turn-graph-cache.ts). */
export function turnGraphPath(mapCachePath: string): string {
  return `${mapCachePath}.turns`;
}

/** The default metric's hierarchy of that turn graph (src/kernels/hierarchy-file.ts). */
export function hierarchyPath(mapCachePath: string): string {
  return `${turnGraphPath(mapCachePath)}.ch`;
}

/** Hex digits of a metric's weight digest in its hierarchy's file name: enough that two metrics of a map never meet. */
const METRIC_DIGEST_CHARS = 16;

/**
 * The hierarchy of another metric of that turn graph (a traffic pattern, a truck class), named by the digest of its
 * weights (src/kernels/metric-hierarchies.ts).
 */
export function metricHierarchyPath(mapCachePath: string, weightDigest: string): string {
  return `${turnGraphPath(mapCachePath)}.metric-${weightDigest.slice(0, METRIC_DIGEST_CHARS)}.ch`;
}

/** Whether `name` is the file of a metric's hierarchy beside the turn graph file named `turnGraphName`. */
export function isMetricHierarchyOf(name: string, turnGraphName: string): boolean {
  return name.startsWith(`${turnGraphName}.metric-`) && name.endsWith('.ch') && isCacheFileName(name);
}

/** Every file a profile served from `mapCachePath` reads (a later profile may share the snap index and have none). */
export function filesOfMapCache(mapCachePath: string): string[] {
  return [mapCachePath, snapIndexPath(mapCachePath), turnGraphPath(mapCachePath), hierarchyPath(mapCachePath)];
}

/**
 * Every name a cache has given its files, in this format or an older one: a map cache (`….v12.fmap`) and what
 * sits beside it (`.snap`, `.turns`, `.turns.ch`, `.turns.metric-<digest>.ch`, once `.ch`), a geocode index (`….geocode.v8.bin`, once
 * `.msgpack`), and what a process killed while writing or contracting one leaves (`.<pid>.<thread>.tmp`, once
 * `.<pid>.tmp` or `.<pid>.partial`, `.<pid>.spill.forward`, `.<pid>.spill.backward`). The extracts themselves never match.
 */
const cacheFileName = /\.(?:v\d+\.fmap(?:\.snap|\.turns|\.turns\.ch|\.turns\.metric-[0-9a-f]{16}\.ch|\.ch)?|geocode\.v\d+\.(?:bin|msgpack))(?:\.\d+(?:\.\d+)?\.(?:tmp|partial|spill\.forward|spill\.backward))?$/;

export function isCacheFileName(name: string): boolean {
  return cacheFileName.test(name);
}
