/**
 * Turn-aware (edge-based) routing against the node-based graph of the same import, in the same run: import,
 * turn graph and contraction times, served memory per profile, path p50 between random stops on random arcs
 * (query with the router's seeds and unpacking to arc ids), 1000×1000 matrix. OSRM's edge-based figures
 * measured on this machine are printed beside ours. `BENCH_ROUTING_MAPS=liechtenstein,city100` limits the maps;
 * `BENCH_CITY_SIDE` sets the synthetic city's side (default 100: 10,000 junctions).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildHierarchy, RoutingKernels, SharedRegions, warmUp, type Hierarchy } from '../src/kernels/index.js';
import { drivingSideOf } from '../src/map/graph/driving-side.js';
import { roadGraphBytes } from '../src/map/graph/road-graph-bytes.js';
import { buildTurnGraph } from '../src/map/graph/turn-graph.js';
import { ownBytes } from '../src/common/shared-fields.js';
import { importMap } from '../src/map/import-map.js';
import { PROFILES } from '../src/map/profiles/index.js';
import { seedsOf } from '../src/map/snap/seeds.js';
import { turnSeedsOf } from '../src/map/snap/turn-seeds.js';
import { sharedData } from '../test/helpers/shared-data.js';
import { EXTRACTS } from './routing-maps.js';
import { withSyntheticCityFile } from './synthetic-city-osm.js';
import { randomStops, seedPairs, type StopPairs } from './random-stops.js';
import { percentile, report } from './report.js';

const QUERY_PAIRS = Number(process.env.BENCH_ROUTING_PAIRS ?? 10_000);
/** 100 by default: the turn graph of a uniform grid contracts badly (docs/ch.md), 300 would run for long. */
const CITY_SIDE = Number(process.env.BENCH_CITY_SIDE ?? 100);
const ONLY_MAPS = process.env.BENCH_ROUTING_MAPS?.split(',');
/** OSRM (edge-based CH) on this machine: ~190 µs per route in the engine, 1.8 s to import and contract Liechtenstein. */
const OSRM = { routeUs: 190, liechtensteinImportS: 1.8 };

const regions = SharedRegions.create();
const kernels = RoutingKernels.attach(regions.memory);

function round(value: number): number {
  return Number(value.toFixed(2));
}

function secondsSince(start: number): number {
  return (performance.now() - start) / 1000;
}

function cpuSecondsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

/** Microseconds per route query, sorted. */
function routeMicros(hierarchy: Hierarchy, stops: StopPairs): Float64Array {
  const micros = new Float64Array(stops.sources.length);
  for (let i = 0; i < micros.length; i++) {
    const start = performance.now();
    kernels.route(hierarchy, stops.sources[i]!, stops.targets[i]!);
    micros[i] = (performance.now() - start) * 1000;
  }
  return micros.sort();
}

function matrixMs(hierarchy: Hierarchy, stops: StopPairs): number {
  const start = performance.now();
  kernels.manyToMany(hierarchy, stops.sources.slice(0, 1000), stops.targets.slice(0, 1000));
  return performance.now() - start;
}

/** A turn route is never faster than the node-based one: it obeys more rules and pays for its turns. */
function checkNoFasterThanNodeBased(map: string, node: Hierarchy, turn: Hierarchy, nodeStops: StopPairs, turnStops: StopPairs): void {
  for (let i = 0; i < 200; i++) {
    const a = kernels.route(node, nodeStops.sources[i]!, nodeStops.targets[i]!);
    const b = kernels.route(turn, turnStops.sources[i]!, turnStops.targets[i]!);
    if (b && (!a || b.weight < a.weight)) throw new Error(`${map}: a turn route beats the node-based one (pair ${i})`);
  }
}

async function measureMap(map: string, path: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleetroute-turns-bench-'));
  try {
    let start = performance.now();
    const { graph, arcCopies } = await importMap(path, { dataDir });
    const importS = secondsSince(start);
    start = performance.now();
    const nodeHierarchy = await buildHierarchy(regions, graph);
    const nodeContractionS = secondsSince(start);
    start = performance.now();
    const turns = buildTurnGraph(graph, { turns: PROFILES.auto.turns, drivingSide: drivingSideOf(graph) });
    const turnGraphS = secondsSince(start);
    start = performance.now();
    const cpuStart = process.cpuUsage();
    const turnHierarchy = await buildHierarchy(regions, turns);
    const turnContractionS = secondsSince(start);
    // The contraction worker is a thread of this process, which waits meanwhile: on a shared machine its CPU
    // time says more than the wall time.
    const turnContractionCpuS = cpuSecondsSince(cpuStart);
    const graphMb = roadGraphBytes(graph) / 1e6;
    report('turns.preprocess', {
      map, arcs: graph.arcCount, turns: turns.turnCount, nodeShortcuts: nodeHierarchy.shortcutCount, turnShortcuts: turnHierarchy.shortcutCount,
      importS: round(importS), nodeContractionS: round(nodeContractionS), turnGraphS: round(turnGraphS), turnContractionS: round(turnContractionS), turnContractionCpuS: round(turnContractionCpuS),
      nodeTotalS: round(importS + nodeContractionS), turnTotalS: round(importS + turnGraphS + turnContractionS),
      nodeServedMb: round(graphMb + nodeHierarchy.byteLength / 1e6),
      turnServedMb: round(graphMb + (ownBytes(turns) + turnHierarchy.byteLength) / 1e6),
      ...(map === 'liechtenstein' && { osrmImportS: OSRM.liechtensteinImportS }),
    });
    const stops = randomStops(graph, 2 * QUERY_PAIRS);
    const nodeSeeds = stops.map((stop) => seedsOf(graph, arcCopies, stop));
    const turnSeeds = stops.map((stop) => turnSeedsOf(graph, turns, arcCopies, stop));
    const nodeStops = seedPairs(nodeSeeds), turnStops = seedPairs(turnSeeds);
    checkNoFasterThanNodeBased(map, nodeHierarchy, turnHierarchy, nodeStops, turnStops);
    warmUp(kernels, nodeHierarchy);
    const nodeMicros = routeMicros(nodeHierarchy, nodeStops);
    warmUp(kernels, turnHierarchy);
    const turnMicros = routeMicros(turnHierarchy, turnStops);
    const nodeP50 = percentile(nodeMicros, 0.5), turnP50 = percentile(turnMicros, 0.5);
    report('turns.query', {
      map, pairs: QUERY_PAIRS, nodeP50Us: round(nodeP50), turnP50Us: round(turnP50), turnP99Us: round(percentile(turnMicros, 0.99)),
      turnOverNode: round(turnP50 / nodeP50), osrmOverTurn: round(OSRM.routeUs / turnP50),
      nodeMatrix1000Ms: round(matrixMs(nodeHierarchy, nodeStops)), turnMatrix1000Ms: round(matrixMs(turnHierarchy, turnStops)),
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  for (const name of EXTRACTS) {
    if (ONLY_MAPS && !ONLY_MAPS.includes(name)) continue;
    const extract = sharedData(`osm/${name}.osm.pbf`);
    if (extract.skip) report('turns.skipped', { map: name, reason: extract.skip });
    else await measureMap(name, extract.path);
  }
  if (!ONLY_MAPS || ONLY_MAPS.includes(`city${CITY_SIDE}`)) await withSyntheticCityFile(CITY_SIDE, measureMap);
}
