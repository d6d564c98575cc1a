/**
 * `fleetroute import FILE`: imports an OSM extract for every profile and contracts its hierarchies into the
 * data dir's cache, so a later `serve --map FILE` starts warm. Progress goes to stderr, the summary to `out`.
 */
import { existsSync } from 'node:fs';
import type { Config } from '../config.js';
import { importProgress, type ProgressStream } from './import-progress.js';
import { loadRoutingMap } from '../routing/load/load-routing-map.js';

export const IMPORT_USAGE = 'import FILE';

export async function runImportCommand(args: string[], config: Config, out: (line: string) => void,
  progressStream: ProgressStream = process.stderr): Promise<number> {
  const [file, ...extra] = args;
  if (!file || extra.length > 0) {
    out(`Usage: fleetroute ${IMPORT_USAGE} (one .osm.pbf or .osm file)`);
    return 2;
  }
  if (!existsSync(file)) {
    out(`No such file: ${file}`);
    return 2;
  }
  const progress = importProgress(progressStream);
  try {
    const { summary } = await loadRoutingMap({ mapFile: file, dataDir: config.dataDir, onProgress: progress.update });
    progress.finish();
    out(`Imported ${summary.name} (${summary.profiles.join(', ')})${summary.fromCache ? ' from the cache' : ''}`);
    out(`  nodes      ${summary.nodes}`);
    out(`  arcs       ${summary.arcs}`);
    out(`  seconds    ${summary.seconds.toFixed(1)}`);
    out(`  peak RSS   ${(summary.peakRssBytes / 2 ** 20).toFixed(0)} MiB`);
    const served = Object.entries(summary.servedBytes).map(([profile, bytes]) => `${profile} ${(bytes / 2 ** 20).toFixed(1)} MiB`);
    out(`  served     ${served.join(', ')} (road graph, turn graph and hierarchy per profile)`);
    const restrictions = Object.entries(summary.restrictions).map(([profile, r]) => `${profile} ${r.applied} applied, ${r.ignored} ignored`);
    out(`  turn restrictions ${restrictions.join('; ')} (ignored: broken, or matching no road)`);
    return 0;
  } catch (error) {
    progress.finish();
    out(`Import of ${file} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
