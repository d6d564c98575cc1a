/**
 * `npm run bench -- scale-map [--side N] [--keep-import] [--traffic]`: a region of N × N junctions (default 300) written as OSM PBF
 * (bench/scale-map/synthetic-region.ts), imported with both profiles by `fleetroute import` in a process of its
 * own, then served from that cache: import time and peak memory, served bytes per road node (from the import
 * summary, and the server's resident memory with 2 and 4 workers, ready and after the requests: more workers must
 * not cost another copy of the map), the
 * time to be ready from the cache, `/v1/path` p50/p99 between far-apart junctions and the 1000 × 1000 matrix
 * with distances, as a client sees them over HTTP; with `--traffic`, also one far-apart path in the first hour of each
 * traffic pattern of the built-in typical week, whose first request reads that pattern's metric from the cache (the
 * import contracted it, `import_metrics_s` for all of them). The region file is kept in the system's temporary folder
 * between runs (it is the same every time); the import starts from an empty cache, unless `--keep-import` keeps it
 * beside the region file for later runs, which then measure the serving alone. docs/scale.md.
 */
import { spawn } from 'node:child_process';
import { Agent } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchOptions } from './registry.js';
import { percentile, report } from './report.js';
import { SyntheticRegion } from './scale-map/synthetic-region.js';
import { send, sequentialLatencies } from './sequential-client.js';
import { startServerProcess, type RunningBenchServer } from './server-process.js';
import { seededRandom } from '../test/helpers/random-graph.js';
import { TYPICAL_WEEK } from '../src/routing/traffic/typical-week.js';

const DEFAULT_SIDE = 300;
const REGION_VERSION = 1;
const PATH_REQUESTS = 300;
const MATRIX_SIZE = 1000;
const bin = new URL('../src/cli/main.js', import.meta.url).pathname;

function regionFile(region: SyntheticRegion): { path: string; writeSeconds: number } {
  const folder = join(tmpdir(), 'fleetroute-scale-map');
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `region-${region.side}-v${REGION_VERSION}.osm.pbf`);
  if (existsSync(path)) return { path, writeSeconds: 0 };
  const started = performance.now();
  // Written aside and renamed: a region half written by an interrupted run must never be taken for a whole one.
  const partial = `${path}.partial`;
  region.write(partial);
  renameSync(partial, path);
  return { path, writeSeconds: (performance.now() - started) / 1000 };
}

interface ImportResult {
  seconds: number; metricsSeconds: number; peakRssMiB: number; servedMiB: number; bytesPerNode: number; nodes: number; output: string;
}

/** `fleetroute import` in a child process: its own peak memory, not the bench's. */
async function importRegion(file: string, dataDir: string): Promise<ImportResult> {
  const started = performance.now();
  const child = spawn(process.execPath, [bin, 'import', file, '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`fleetroute import exited with ${code}:\n${output}`);
  const number = (pattern: RegExp): number => Number(pattern.exec(output)?.[1] ?? Number.NaN);
  return {
    seconds: (performance.now() - started) / 1000,
    metricsSeconds: number(/metrics +.*; ([\d.]+) s$/m),
    peakRssMiB: number(/peak RSS +(\d+) MiB/),
    servedMiB: number(/total +([\d.]+),/),
    bytesPerNode: number(/(\d+) bytes per road node/),
    nodes: number(/nodes +(\d+)/),
    output,
  };
}

function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** Junction locations, `count` of them, each pair (2i, 2i+1) from opposite corners' quarters of the region. */
function farApartPairs(region: SyntheticRegion, count: number): string[] {
  const random = seededRandom(7);
  const quarter = Math.max(1, Math.floor(region.side / 4));
  const location = (row: number, column: number): string => {
    const { lat, lon } = region.latLon(...region.junctionXY(row, column));
    return `${lat.toFixed(7)},${lon.toFixed(7)}`;
  };
  const points: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = [Math.floor(random() * quarter), Math.floor(random() * quarter)] as const;
    const b = [region.side - 1 - Math.floor(random() * quarter), region.side - 1 - Math.floor(random() * quarter)] as const;
    points.push(location(...a), location(...b));
  }
  return points;
}

function randomJunctions(region: SyntheticRegion, count: number): string[] {
  const random = seededRandom(11);
  return Array.from({ length: count }, () => {
    const { lat, lon } = region.latLon(...region.junctionXY(Math.floor(random() * region.side), Math.floor(random() * region.side)));
    return `${lat.toFixed(7)},${lon.toFixed(7)}`;
  });
}

async function pathLatencies(server: RunningBenchServer, region: SyntheticRegion): Promise<Float64Array> {
  const points = farApartPairs(region, PATH_REQUESTS);
  return sequentialLatencies(server.url, server.headers, PATH_REQUESTS, (i) => ({
    method: 'POST',
    path: '/v1/path',
    body: JSON.stringify({ routes: [{ stops: [{ location: points[2 * i] }, { location: points[2 * i + 1] }] }] }),
  }));
}

/** The first hour of the week of each pattern of the typical week, free flow included: a metric each. */
function firstHourOfEachPattern(): Map<number, number> {
  const first = new Map<number, number>();
  TYPICAL_WEEK.patternOfHour.forEach((pattern, hour) => {
    if (!first.has(pattern)) first.set(pattern, hour);
  });
  return first;
}

/** Seconds of one far-apart path departing at that hour of the week (2026-11-16, UTC, is a Monday), metric build included. */
async function trafficPathSeconds(server: RunningBenchServer, region: SyntheticRegion, hourOfWeek: number): Promise<number> {
  const [from, to] = farApartPairs(region, 1);
  const routing_options = { route_with_traffic: true, routing_date_time: new Date(Date.UTC(2026, 10, 16) + hourOfWeek * 3_600_000).toISOString() };
  const body = JSON.stringify({ routes: [{ routing_options, stops: [{ location: from }, { location: to }] }] });
  const started = performance.now();
  // Node's own client waits as long as the answer takes: fetch gives up after 5 minutes without headers, and a
  // metric contracted on first use at side 500 takes longer (docs/scale.md).
  const { status } = await send(new Agent(), new URL(server.url), server.headers, { method: 'POST', path: '/v1/path', body });
  if (status !== 200) throw new Error(`a path at hour ${hourOfWeek} of the week answered ${status}`);
  return (performance.now() - started) / 1000;
}

async function matrixMs(server: RunningBenchServer, region: SyntheticRegion): Promise<number> {
  const body = JSON.stringify({ sources: randomJunctions(region, MATRIX_SIZE) });
  const started = performance.now();
  const response = await fetch(`${server.url}/v1/matrix`, { method: 'POST', headers: server.headers, body });
  const answer = (await response.json()) as { durations?: unknown[] };
  if (response.status !== 200 || answer.durations?.length !== MATRIX_SIZE) throw new Error(`matrix answered ${response.status}`);
  return performance.now() - started;
}

async function serveFromCache(file: string, dataDir: string, workers: number): Promise<{ server: RunningBenchServer; readySeconds: number }> {
  const started = performance.now();
  const server = await startServerProcess(['--map', file, '--data-dir', dataDir, '--workers', String(workers)]);
  return { server, readySeconds: (performance.now() - started) / 1000 };
}

const round = (value: number): number => Number(value.toFixed(2));

interface Serving {
  readyMiB: number; afterRequestsMiB: number; readySeconds: number; paths: Float64Array; matrixMs: [number, number];
  /** With traffic: per pattern, the seconds of its first path (its metric built), then the resident memory. */
  traffic: Record<string, number>;
}

/** Resident memory once ready, then after the path requests and two matrices (and with `traffic`, the paths in traffic). */
async function measureServing(file: string, dataDir: string, region: SyntheticRegion, workers: number, traffic: boolean): Promise<Serving> {
  const { server, readySeconds } = await serveFromCache(file, dataDir, workers);
  try {
    const readyMiB = residentMiB(server.pids[0]!);
    const paths = await pathLatencies(server, region);
    const matrixMsPair: [number, number] = [await matrixMs(server, region), await matrixMs(server, region)];
    const afterRequestsMiB = residentMiB(server.pids[0]!);
    const inTraffic: Record<string, number> = {};
    for (const [pattern, hour] of traffic ? firstHourOfEachPattern() : []) {
      inTraffic[`traffic_pattern_${pattern}_first_path_s`] = round(await trafficPathSeconds(server, region, hour));
    }
    if (traffic) inTraffic.rss_mib_2_workers_after_traffic = round(residentMiB(server.pids[0]!));
    return { readyMiB, afterRequestsMiB, readySeconds, paths, matrixMs: matrixMsPair, traffic: inTraffic };
  } finally {
    await server.close();
  }
}

/**
 * The import's cache: a fresh folder, or with `--keep-import` one kept beside the region file and imported only
 * when missing (a side of a few hundred imports for many minutes; what is measured after it is the serving).
 */
async function importedCache(path: string, keep: boolean): Promise<{ dataDir: string; imported?: ImportResult; discard: boolean }> {
  if (!keep) {
    const dataDir = mkdtempSync(join(tmpdir(), 'fleetroute-scale-map-cache-'));
    return { dataDir, imported: await importRegion(path, dataDir), discard: true };
  }
  const dataDir = `${path}.import`;
  if (existsSync(dataDir)) return { dataDir, discard: false };
  // Imported aside and renamed, like the region file: an interrupted import must not be served as a whole one.
  const partial = `${dataDir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const imported = await importRegion(path, partial);
  renameSync(partial, dataDir);
  return { dataDir, imported, discard: false };
}

export async function run(options: BenchOptions): Promise<void> {
  const side = Number(options.side ?? DEFAULT_SIDE);
  if (!Number.isInteger(side) || side < 10) throw new Error(`--side must be an integer of at least 10, not ${options.side}`);
  const region = new SyntheticRegion(side);
  const { path, writeSeconds } = regionFile(region);
  const { dataDir, imported, discard } = await importedCache(path, 'keep-import' in options);
  try {
    if (imported) console.log(imported.output.trimEnd());
    const two = await measureServing(path, dataDir, region, 2, 'traffic' in options);
    const four = await measureServing(path, dataDir, region, 4, false);
    report('scale_map', {
      side,
      junctions: region.junctionCount,
      region_write_s: round(writeSeconds),
      ...(imported && {
        road_nodes: imported.nodes,
        import_s: round(imported.seconds),
        import_metrics_s: imported.metricsSeconds,
        import_peak_rss_mib: imported.peakRssMiB,
        served_mib: imported.servedMiB,
        served_bytes_per_road_node: imported.bytesPerNode,
        rss_bytes_per_road_node: Math.round((two.afterRequestsMiB * 2 ** 20) / imported.nodes),
      }),
      rss_mib_2_workers_ready: round(two.readyMiB),
      rss_mib_2_workers_after_requests: round(two.afterRequestsMiB),
      rss_mib_4_workers_ready: round(four.readyMiB),
      rss_mib_4_workers_after_requests: round(four.afterRequestsMiB),
      ready_from_cache_s: round(two.readySeconds),
      path_p50_ms: round(percentile(two.paths, 0.5)),
      path_p99_ms: round(percentile(two.paths, 0.99)),
      matrix_1000_first_ms: round(two.matrixMs[0]),
      matrix_1000_ms: round(two.matrixMs[1]),
      ...two.traffic,
    });
  } finally {
    if (discard) rmSync(dataDir, { recursive: true, force: true });
  }
}
