/**
 * `fleetroute import FILE [--without-metrics]`: imports an OSM extract for every profile, contracts its
 * hierarchies, those of every time slot's metric too (prepare-metrics.ts), and builds its geocode index into the
 * data dir's cache, so a later `serve --map FILE` starts warm and contracts nothing. Without the metrics a large
 * map imports in less than half the time and its server prepares them in the background once it serves
 * (docs/scale.md, Import). Progress goes to stderr, the summary to `out`.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import { importProgress, type ProgressStream } from './import-progress.js';
import { loadGeocodeIndex } from '../geocode/import/geocode-index-cache.js';
import { loadRoutingMap } from '../routing/load/load-routing-map.js';
import { prepareTimeSlotMetrics, type PreparedMetrics } from '../routing/load/prepare-metrics.js';
import { servedTotal, type RoutingMapSummary } from '../routing/load/routing-map-descriptor.js';

export const IMPORT_USAGE = 'import FILE [--without-metrics]';

const mib = (bytes: number): string => (bytes / 2 ** 20).toFixed(1);

/** What serving the map will hold, per profile and part, and per road node: the figures docs/scale.md budgets. */
function servedLines(summary: RoutingMapSummary): string[] {
  const lines = ['  served (MiB, shared by all workers)'];
  for (const [profile, parts] of Object.entries(summary.servedBytes)) {
    const list = Object.entries(parts ?? {}).map(([part, bytes]) => `${part} ${mib(bytes)}`).join(', ');
    lines.push(`    ${profile.padEnd(6)} ${mib(servedTotal({ [profile]: parts }))}: ${list}`);
  }
  const total = servedTotal(summary.servedBytes);
  lines.push(`    total  ${mib(total)}, ${Math.round(total / Math.max(1, summary.nodes))} bytes per road node`);
  return lines;
}

function metricsLine(prepared: PreparedMetrics | undefined): string {
  if (!prepared) return '  metrics    left to the server, which prepares them in the background once it serves';
  const profiles = Object.entries(prepared.profiles).map(([profile, { slots, contracted }]) => `${profile} ${slots} time slots, ${contracted} contracted`);
  return `  metrics    ${profiles.join('; ')}; ${prepared.seconds.toFixed(1)} s`;
}

/** The file to import and whether to prepare its metrics, or undefined for arguments that are not a command's. */
function parsedArguments(args: string[]): { file: string; withMetrics: boolean } | undefined {
  try {
    const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { 'without-metrics': { type: 'boolean' } } });
    if (positionals.length !== 1) return undefined;
    return { file: positionals[0]!, withMetrics: !values['without-metrics'] };
  } catch {
    return undefined;
  }
}

export async function runImportCommand(args: string[], config: Config, out: (line: string) => void,
  progressStream: ProgressStream = process.stderr): Promise<number> {
  const parsed = parsedArguments(args);
  if (!parsed) {
    out(`Usage: fleetroute ${IMPORT_USAGE} (one .osm.pbf or .osm file)`);
    return 2;
  }
  const { file, withMetrics } = parsed;
  if (!existsSync(file)) {
    out(`No such file: ${file}`);
    return 2;
  }
  const progress = importProgress(progressStream);
  try {
    const { summary, descriptor } = await loadRoutingMap({
      mapFile: file, dataDir: config.dataDir, onProgress: progress.update, ...(config.trafficFile && { trafficFile: config.trafficFile }),
    });
    const prepared = withMetrics
      ? await prepareTimeSlotMetrics(descriptor, (fraction) => progress.update('metrics', fraction))
      : undefined;
    progress.finish();
    out(`Imported ${summary.name} (${summary.profiles.join(', ')})${summary.fromCache ? ' from the cache' : ''}`);
    out(`  nodes      ${summary.nodes}`);
    out(`  arcs       ${summary.arcs}`);
    out(`  seconds    ${summary.seconds.toFixed(1)}`);
    out(metricsLine(prepared));
    out(`  peak RSS   ${(process.resourceUsage().maxRSS / 2 ** 10).toFixed(0)} MiB`);
    for (const line of servedLines(summary)) out(line);
    const restrictions = Object.entries(summary.restrictions).map(([profile, r]) => `${profile} ${r.applied} applied, ${r.ignored} ignored`);
    out(`  turn restrictions ${restrictions.join('; ')} (ignored: broken, or matching no road)`);
    const { index, bytes, fromCache } = await loadGeocodeIndex(file, config.dataDir);
    out(`  geocoder   ${index.addressCount} addresses, ${index.streetCount} streets, ${mib(bytes.byteLength)} MiB${fromCache ? ' (from the cache)' : ''}`);
    return 0;
  } catch (error) {
    progress.finish();
    out(`Import of ${file} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
