/**
 * Cache files age by their modification time: a process marks the files it serves as used by setting it to now
 * (`markCacheFilesUsed`), and a file no process marked for long enough is one nobody serves any more
 * (`removeStaleCacheFiles`): a cache of an older format, of an extract replaced by a newer one, of a map no
 * longer served. The time works across processes and hosts sharing the folder, where process ids do not.
 */
import { lstat, readdir, rm, utimes } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { isCacheFileName, isMetricHierarchyOf } from './cache-files.js';

export interface RemovedCacheFile {
  path: string;
  bytes: number;
  /** Days since a process last marked it used, or since it was written. */
  unusedDays: number;
}

export interface CacheFileFailure {
  path: string;
  error: unknown;
}

export interface StaleCacheFileRemoval {
  removed: RemovedCacheFile[];
  failed: CacheFileFailure[];
}

const dayMs = 86_400_000;

/**
 * Sets each file's modification time to `now`. A file that is missing (a later profile sharing the snap index
 * has none) or cannot be touched (a read-only data dir) is left as it is: being marked only protects it from
 * removal, which a read-only folder prevents anyway.
 */
export async function markCacheFilesUsed(paths: readonly string[], now = new Date()): Promise<void> {
  await Promise.all(paths.map((path) => utimes(path, now, now).catch(() => undefined)));
}

async function namesIn(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * The hierarchies of other metrics stored beside the turn graph files among `paths` that some process has written
 * or read since `sinceMs` (a worker marks the file it reads: metric-hierarchy-files.ts). A served map's metrics
 * are read on first use, after the map was loaded, and only those in use are served with it: those of a replaced
 * traffic file or of a truck class nobody asks for any more age out as any other cache file.
 */
export async function metricHierarchiesUsedBeside(paths: readonly string[], sinceMs: number): Promise<string[]> {
  const found: string[] = [];
  for (const folder of new Set(paths.map((path) => dirname(path)))) {
    const names = await namesIn(folder);
    for (const path of paths.filter((served) => dirname(served) === folder)) {
      const turnGraphName = basename(path);
      found.push(...names.filter((name) => isMetricHierarchyOf(name, turnGraphName)).map((name) => join(folder, name)));
    }
  }
  const used = await Promise.all(found.map(async (path) => (await modifiedMs(path)) >= sinceMs));
  return found.filter((_, index) => used[index]);
}

async function modifiedMs(path: string): Promise<number> {
  try {
    return (await lstat(path)).mtimeMs;
  } catch {
    return Number.NEGATIVE_INFINITY;
  }
}

/**
 * Removes the cache files in `folder` (cache-files.ts names them; nothing else in the folder is touched) whose
 * modification time is more than `unusedDays` old, except those in `keep`.
 */
export async function removeStaleCacheFiles(
  folder: string, options: { unusedDays: number; keep: readonly string[]; now?: number },
): Promise<StaleCacheFileRemoval> {
  const now = options.now ?? Date.now();
  const keep = new Set(options.keep.map((path) => resolve(path)));
  const removal: StaleCacheFileRemoval = { removed: [], failed: [] };
  for (const name of (await namesIn(folder)).filter(isCacheFileName)) {
    const path = resolve(join(folder, name));
    if (keep.has(path)) continue;
    try {
      const stats = await lstat(path);
      const unusedDays = (now - stats.mtimeMs) / dayMs;
      if (!stats.isFile() || unusedDays <= options.unusedDays) continue;
      await rm(path, { force: true });
      removal.removed.push({ path, bytes: stats.size, unusedDays });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') removal.failed.push({ path, error });
    }
  }
  return removal;
}
