/**
 * Routing engine: per OSM extract and on the synthetic city, import + contraction time and peak memory,
 * CH query p50/p99 over random pairs with plain bidirectional Dijkstra (same kernels' memory, same pairs)
 * as the in-run baseline, 100×100 and 1000×1000 matrices, and re-contraction of a second metric in the
 * first metric's order (what each traffic slot or truck class costs). OSRM's numbers measured on this machine are
 * printed beside ours as fixed references. On the extracts, predicted traffic too (routing-traffic.ts).
 * `BENCH_ROUTING_MAPS=monaco,city100` limits the run to those maps.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildHierarchy, cachedHierarchy, CLOSED_ARC, contractionOrder, placePlainGraph, RoutingKernels, SharedRegions, warmUp,
  type ArcGraph, type Hierarchy, type Seed,
} from '../src/kernels/index.js';
import { randomInt, seededRandom } from '../test/helpers/random-graph.js';
import { percentile, report } from './report.js';
import { sharedData } from '../test/helpers/shared-data.js';
import { benchMapMissing, EXTRACTS, loadBenchMap } from './routing-maps.js';
import type { PreprocessResult } from './routing-preprocess.js';
import { measureTraffic } from './routing-traffic.js';
const QUERY_PAIRS = Number(process.env.BENCH_ROUTING_PAIRS ?? 10_000);
/** Dijkstra is slow on purpose; a tenth of the pairs is enough for a stable ratio. */
const BASELINE_PAIRS = Math.ceil(QUERY_PAIRS / 10);
const CITY_SIDE = Number(process.env.BENCH_CITY_SIDE ?? 300);
const ONLY_MAPS = process.env.BENCH_ROUTING_MAPS?.split(',');
/**
 * Measured on this machine: OSRM CH route 0.18–0.21 ms in-engine, 1000×1000 table 535–585 ms, city contraction 560 s.
 */
const OSRM = { routeMs: 0.18, table1000Ms: 535, cityContractionS: 560 };

const regions = SharedRegions.create();
const kernels = RoutingKernels.attach(regions.memory);

function seconds(since: number): number {
  return Number(((performance.now() - since) / 1000).toFixed(3));
}

/** Nodes of the largest strongly connected component (all nodes when the graph has no component data). */
function routableNodes(graph: ArcGraph & { component?: Uint32Array; componentSize?: Uint32Array }): number[] {
  const nodes = Array.from({ length: graph.nodeCount }, (_, node) => node);
  const size = graph.componentSize;
  if (!size) return nodes;
  const largest = size.reduce((a, b) => Math.max(a, b), 0);
  return nodes.filter((node) => size[node] === largest);
}

function randomPoints(nodes: number[], count: number, seed: number): Seed[][] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => [{ node: nodes[randomInt(random, nodes.length)]!, weight: 0, distance: 0 }]);
}

/** Microseconds per call, sorted. */
function timeEach<T>(items: T[], call: (item: T) => unknown): Float64Array {
  const micros = new Float64Array(items.length);
  items.forEach((item, i) => {
    const start = performance.now();
    call(item);
    micros[i] = (performance.now() - start) * 1000;
  });
  return micros.sort();
}

function mean(values: Float64Array): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

function measureQueries(map: string, graph: ArcGraph, hierarchy: Hierarchy, nodes: number[]): number {
  const plain = placePlainGraph(regions, graph);
  const points = randomPoints(nodes, 2 * QUERY_PAIRS, 7);
  const pairs = Array.from({ length: QUERY_PAIRS }, (_, i) => [points[2 * i]!, points[2 * i + 1]!] as const);
  const ch = timeEach(pairs, ([s, t]) => kernels.route(hierarchy, s, t));
  const baselinePairs = pairs.slice(0, BASELINE_PAIRS);
  for (const [s, t] of baselinePairs) {
    // A benchmark of wrong answers is worthless: both algorithms must agree on every compared pair.
    if (kernels.route(hierarchy, s, t)?.weight !== kernels.dijkstraCost(plain, s, t)?.weight) throw new Error(`${map}: CH and Dijkstra disagree`);
  }
  const chSame = timeEach(baselinePairs, ([s, t]) => kernels.route(hierarchy, s, t));
  const dijkstra = timeEach(baselinePairs, ([s, t]) => kernels.dijkstraCost(plain, s, t));
  const p50 = percentile(ch, 0.5);
  report('routing.query', {
    map, pairs: QUERY_PAIRS, p50Us: round(p50), p99Us: round(percentile(ch, 0.99)), meanUs: round(mean(ch)),
    dijkstraPairs: BASELINE_PAIRS, dijkstraP50Us: round(percentile(dijkstra, 0.5)),
    speedupP50: round(percentile(dijkstra, 0.5) / percentile(chSame, 0.5)), speedupMean: round(mean(dijkstra) / mean(chSame)),
    vsOsrmRoute: round((OSRM.routeMs * 1000) / p50),
  });
  return p50;
}

function round(value: number): number {
  return Number(value.toFixed(2));
}

function measureMatrices(map: string, hierarchy: Hierarchy, nodes: number[]): void {
  for (const size of [100, 1000]) {
    const points = randomPoints(nodes, size, size);
    const runs = size === 100 ? 5 : 2;
    const times = timeEach(Array.from({ length: runs }, () => points), (p) => kernels.manyToMany(hierarchy, p, p));
    const ms = times[0]! / 1000;
    report('routing.matrix', { map, size: `${size}x${size}`, bestMs: round(ms), ...(size === 1000 && { vsOsrmTable: round(OSRM.table1000Ms / ms) }) });
  }
}

function queryP50(hierarchy: Hierarchy, nodes: number[]): number {
  const points = randomPoints(nodes, 2000, 11);
  const micros = timeEach(Array.from({ length: 1000 }, (_, i) => i), (i) => kernels.route(hierarchy, points[2 * i]!, points[2 * i + 1]!));
  return round(percentile(micros, 0.5));
}

/**
 * A second metric over the same topology (a third of the arcs 1.5× slower, like a rush-hour slot),
 * contracted in the first metric's order and, for comparison, with an order of its own.
 */
async function measureSecondMetric(map: string, graph: ArcGraph, first: Hierarchy, nodes: number[]): Promise<void> {
  const random = seededRandom(3);
  const rush = { ...graph, weight: graph.weight.map((w) => (w !== CLOSED_ARC && random() < 0.33 ? Math.round(w * 1.5) : w)) };
  let start = performance.now();
  const reused = await buildHierarchy(regions, rush, { order: contractionOrder(regions, first) });
  const reusedOrderS = seconds(start);
  start = performance.now();
  const own = await buildHierarchy(regions, rush);
  const ownOrderS = seconds(start);
  report('routing.metric', {
    map, reusedOrderS, ownOrderS, reusedShortcuts: reused.shortcutCount, ownShortcuts: own.shortcutCount,
    reusedP50Us: queryP50(reused, nodes), ownP50Us: queryP50(own, nodes), hierarchyMb: round(reused.byteLength / 1e6),
  });
}

/** Import and contraction from cold caches, in a child process of their own (for an honest peak RSS). */
function preprocessInChild(map: string, dataDir: string): Promise<PreprocessResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./routing-preprocess.js', import.meta.url), [map, dataDir]);
    child.once('message', (result) => resolve(result as PreprocessResult));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`preprocessing ${map} exited with code ${code}`));
    });
  });
}

async function measureMap(map: string, dataDir: string): Promise<void> {
  const preprocess = await preprocessInChild(map, dataDir);
  const loaded = await loadBenchMap(map, dataDir);
  if (!loaded) throw new Error(`${map} vanished after preprocessing`);
  const { graph } = loaded;
  const hierarchy = await cachedHierarchy(regions, graph, loaded.hierarchyPath, loaded.hierarchyKey);
  warmUp(kernels, hierarchy);
  report('routing.preprocess', {
    map, nodes: graph.nodeCount, arcs: graph.tail.length, shortcuts: hierarchy.shortcutCount,
    importS: round(preprocess.importS), contractionS: round(preprocess.contractionS),
    totalS: round(preprocess.importS + preprocess.contractionS), hierarchyMb: round(hierarchy.byteLength / 1e6),
    peakRssMb: preprocess.peakRssMb,
  });
  const nodes = routableNodes(graph);
  measureQueries(map, graph, hierarchy, nodes);
  measureMatrices(map, hierarchy, nodes);
  await measureSecondMetric(map, graph, hierarchy, nodes);
  // The synthetic city has no ways or road classes for a traffic model to read.
  if (EXTRACTS.includes(map)) await measureTraffic(map, sharedData(`osm/${map}.osm.pbf`).path, dataDir);
}

export async function run(): Promise<void> {
  // A fresh data dir, so that import and contraction are measured from the .osm.pbf, not from a warm cache.
  const dataDir = mkdtempSync(join(tmpdir(), 'fleetroute-bench-'));
  try {
    for (const name of [...EXTRACTS, `city${CITY_SIDE}`]) {
      if (ONLY_MAPS && !ONLY_MAPS.includes(name)) continue;
      const missing = benchMapMissing(name);
      if (missing) report('routing.skipped', { map: name, reason: missing });
      else await measureMap(name, dataDir);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  report('routing.reference', { osrmCityContractionS: OSRM.cityContractionS, targetCityContractionS: OSRM.cityContractionS / 5 });
}
