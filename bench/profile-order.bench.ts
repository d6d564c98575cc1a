/**
 * The truck profile's turn graph contracted in the auto hierarchy's order (`order`, docs/ch.md) against by
 * priority, on maps where both profiles' turn graphs have the same topology: each alone (wall, CPU, shortcuts),
 * a cold start of both (today: both by priority at once; with reuse: auto, then truck in its order), and the
 * truck's path p50 on either hierarchy between random stops on arcs it may use, checked to find the same weights.
 * `BENCH_ROUTING_MAPS=liechtenstein,baltimore,city100` limits the maps; `BENCH_CITY_SIDE` sets the city's side.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sameBytes } from '../src/common/shared-fields.js';
import { buildHierarchy, contractionOrder, RoutingKernels, SharedRegions, warmUp, type BuildOptions, type Hierarchy } from '../src/kernels/index.js';
import { drivingSideOf } from '../src/map/graph/driving-side.js';
import type { RoadGraph } from '../src/map/graph/road-graph.js';
import { buildTurnGraph, type TurnGraph } from '../src/map/graph/turn-graph.js';
import { importMap } from '../src/map/import-map.js';
import { PROFILES, type ProfileName } from '../src/map/profiles/index.js';
import type { RoadMap } from '../src/map/road-map.js';
import { turnSeedsOf } from '../src/map/snap/turn-seeds.js';
import { sharedData } from '../test/helpers/shared-data.js';
import { percentile, report } from './report.js';
import { withSyntheticCityFile } from './synthetic-city-osm.js';
import { randomStops, seedPairs, type StopPairs } from './random-stops.js';

const QUERY_PAIRS = Number(process.env.BENCH_ROUTING_PAIRS ?? 10_000);
const CITY_SIDE = Number(process.env.BENCH_CITY_SIDE ?? 100);
const ONLY_MAPS = process.env.BENCH_ROUTING_MAPS?.split(',') ?? ['liechtenstein', 'baltimore', `city${CITY_SIDE}`];

const regions = SharedRegions.create();
const kernels = RoutingKernels.attach(regions.memory);

interface Timed<T> {
  value: T;
  wallS: number;
  /** The process's CPU time, contraction workers included. */
  cpuS: number;
}

async function timed<T>(work: () => Promise<T>): Promise<Timed<T>> {
  const start = performance.now(), cpuStart = process.cpuUsage();
  const value = await work();
  const cpu = process.cpuUsage(cpuStart);
  return { value, wallS: round((performance.now() - start) / 1000), cpuS: round((cpu.user + cpu.system) / 1e6) };
}

function round(value: number): number {
  return Number(value.toFixed(2));
}

interface Profiled {
  map: RoadMap;
  turns: TurnGraph;
}

async function profiled(path: string, dataDir: string, profile: ProfileName): Promise<Profiled> {
  const map = await importMap(path, { dataDir, profile });
  return { map, turns: buildTurnGraph(map.graph, { turns: PROFILES[profile].turns, drivingSide: drivingSideOf(map.graph) }) };
}

function contract(turns: TurnGraph, options?: BuildOptions): Promise<Hierarchy> {
  return buildHierarchy(regions, turns, options);
}

/** Seeds of random stops on arcs of the largest component the graph's own metric keeps open, in pairs. */
function stopPairs(graph: RoadGraph, { map, turns }: Profiled): StopPairs {
  return seedPairs(randomStops(graph, 2 * QUERY_PAIRS).map((stop) => turnSeedsOf(graph, turns, map.arcCopies, stop)));
}

/** Path p50 in µs on each hierarchy; throws when the two answer a pair with different weights. */
function pathP50s(own: Hierarchy, reused: Hierarchy, stops: StopPairs): [number, number] {
  const micros = [new Float64Array(QUERY_PAIRS), new Float64Array(QUERY_PAIRS)];
  [own, reused].forEach((hierarchy) => warmUp(kernels, hierarchy));
  for (let i = 0; i < QUERY_PAIRS; i++) {
    const weights = [own, reused].map((hierarchy, k) => {
      const start = performance.now();
      const found = kernels.route(hierarchy, stops.sources[i]!, stops.targets[i]!);
      micros[k]![i] = (performance.now() - start) * 1000;
      return found?.weight ?? null;
    });
    if (weights[0] !== weights[1]) throw new Error(`pair ${i}: ${weights[0]} in the truck's own order, ${weights[1]} in auto's`);
  }
  return micros.map((list) => round(percentile(list.sort(), 0.5))) as [number, number];
}

async function measureMap(name: string, path: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleetroute-profile-order-'));
  try {
    const auto = await profiled(path, dataDir, 'auto'), truck = await profiled(path, dataDir, 'truck');
    if (!sameBytes(auto.turns.tail, truck.turns.tail) || !sameBytes(auto.turns.head, truck.turns.head)) {
      report('profileOrder.skipped', { map: name, reason: 'the profiles\' turn graphs differ in topology', autoTurns: auto.turns.turnCount, truckTurns: truck.turns.turnCount });
      return;
    }
    const autoAlone = await timed(() => contract(auto.turns));
    const truckAlone = await timed(() => contract(truck.turns));
    const truckReused = await timed(() => contract(truck.turns, { order: contractionOrder(regions, autoAlone.value) }));
    const together = await timed(() => Promise.all([contract(auto.turns), contract(truck.turns)]));
    const [ownP50, reusedP50] = pathP50s(truckAlone.value, truckReused.value, stopPairs(truck.map.graph, truck));
    report('profileOrder', {
      map: name, turns: truck.turns.turnCount,
      autoWallS: autoAlone.wallS, autoCpuS: autoAlone.cpuS,
      truckPriorityWallS: truckAlone.wallS, truckPriorityCpuS: truckAlone.cpuS, truckPriorityShortcuts: truckAlone.value.shortcutCount,
      truckReusedWallS: truckReused.wallS, truckReusedCpuS: truckReused.cpuS, truckReusedShortcuts: truckReused.value.shortcutCount,
      coldStartTogetherWallS: together.wallS, coldStartTogetherCpuS: together.cpuS,
      coldStartReusedWallS: round(autoAlone.wallS + truckReused.wallS), coldStartReusedCpuS: round(autoAlone.cpuS + truckReused.cpuS),
      truckPathP50OwnUs: ownP50, truckPathP50ReusedUs: reusedP50,
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  for (const name of ONLY_MAPS) {
    if (name === `city${CITY_SIDE}`) {
      await withSyntheticCityFile(CITY_SIDE, measureMap);
      continue;
    }
    const extract = sharedData(`osm/${name}.osm.pbf`);
    if (extract.skip) report('profileOrder.skipped', { map: name, reason: extract.skip });
    else await measureMap(name, extract.path);
  }
}
