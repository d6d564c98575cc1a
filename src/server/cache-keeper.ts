/**
 * Keeps the cache files this process serves from, and removes those no process has served for the retention:
 * every change of a cache format and every replaced extract leave their files behind in `<dataDir>/maps/`,
 * gigabytes per map at country scale (docs/routing.md, Cache). The files served are marked used at once and every
 * hour (with the metrics' hierarchies beside them that some process has read or written since this one started:
 * stale-cache-files.ts), so that processes sharing the data dir (scale-out, a rolling upgrade, hosts on one disk) keep each other's
 * files while a file of a version no process runs any more ages out.
 */
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { markCacheFilesUsed, metricHierarchiesUsedBeside, removeStaleCacheFiles } from '../map/cache/stale-cache-files.js';

export interface CacheKeeperOptions {
  dataDir: string;
  /** Days a cache file may stay unused before it is removed; 0 keeps every file. */
  retentionDays: number;
  log: FastifyBaseLogger;
}

/** Well below a day, the unit of the retention, so that a file in use is always marked more recently than that. */
const markIntervalMs = 3_600_000;

export class CacheKeeper {
  private served: readonly string[] = [];
  private readonly startedMs = Date.now();
  private readonly reportedFailures = new Set<string>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly options: CacheKeeperOptions) {
    this.timer = setInterval(() => void this.tend(), markIntervalMs).unref();
  }

  /** Makes `files` the ones this process serves (those of a replaced map are served no more), and tends the folder. */
  async serve(files: readonly string[]): Promise<void> {
    this.served = files;
    await this.tend();
  }

  close(): void {
    clearInterval(this.timer);
  }

  private async tend(): Promise<void> {
    try {
      const served = [...this.served, ...(await metricHierarchiesUsedBeside(this.served, this.startedMs))];
      await markCacheFilesUsed(served);
      if (this.options.retentionDays > 0) await this.removeStale(served);
    } catch (error) {
      this.options.log.warn({ err: error }, 'the map cache folder could not be tended');
    }
  }

  private async removeStale(served: readonly string[]): Promise<void> {
    const folder = join(this.options.dataDir, 'maps');
    const { removed, failed } = await removeStaleCacheFiles(folder, { unusedDays: this.options.retentionDays, keep: served });
    for (const file of removed) {
      this.options.log.info({ path: file.path, bytes: file.bytes, unusedDays: Math.floor(file.unusedDays) }, 'removed a cache file no process has served for the retention');
    }
    for (const { path, error } of failed) {
      if (this.reportedFailures.has(path)) continue;
      this.reportedFailures.add(path);
      this.options.log.warn({ path, err: error }, 'a stale cache file could not be removed');
    }
  }
}
