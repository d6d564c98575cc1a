/**
 * The routing resource as a pool worker starts it: attaches the map, then answers a small matrix and a few paths
 * through the operations themselves, so that the service's first request does not pay for cold code (module
 * loading, the JavaScript compiler's first tiers, the snapping and encoding paths). The worker reports itself
 * started only after this (src/pool/worker.ts).
 */
import type { OperationContext } from '../../operations/operation.js';
import { registerResourceAttacher, type WarmUpPass } from '../../pool/worker-resources.js';
import { E7 } from '../../map/geo.js';
import { NO_ZONE } from '../../map/graph/destination-zones.js';
import { UNREACHED } from '../../kernels/index.js';
import type { MatrixCells } from '../service/matrix-encoding.js';
import { attachServedMaps, ROUTING_RESOURCE, type RoutingMap, type ServedMaps } from './attach-routing-map.js';
import { MATRIX_ACCEPTS, operation as matrix } from '../service/matrix-operation.js';
import { operation as path } from '../service/path-operation.js';
import type { RoutingMapDescriptor } from './routing-map-descriptor.js';
import type { ProfileRouter } from '../query/profile-router.js';

/** Enough points that the hot loops run long enough to be optimized, few enough to cost tens of milliseconds. */
const WARM_UP_POINTS = 48;
/**
 * Matrices of the size clients ask for, so that the first request finds the worker as the tenth does: the writer's
 * and the kernel's scratch at full size, and the snapping and writing code optimized for it. With one matrix of 400
 * points, the worker spent 160–220 ms of CPU on the first 1000 × 1000 request against 130–170 ms on later ones;
 * with these, 130–150 ms on every one (docs/routing-service.md, The first request).
 */
const LARGE_MATRIX_POINTS = 1000;
/**
 * Rounds of small matrices and paths, then of large matrices, per warm-up pass (worker-resources.ts). The brief
 * pass has V8 compile again what the full one taught it; its large matrices have a tenth of the destinations,
 * since a square one left about 25 MiB of answers resident in each worker. With one such round the first request
 * still compiled the JSON writer: it had been entered too few times to be compiled whole.
 */
const PASSES: Record<WarmUpPass, { smallRounds: number; largeRounds: number; destinationShare: number }> = {
  full: { smallRounds: 3, largeRounds: 3, destinationShare: 1 },
  brief: { smallRounds: 1, largeRounds: 3, destinationShare: 0.1 },
};
/**
 * A large round after which the pass's further rounds are left out. They teach V8 the JavaScript side (snapping,
 * writing), whose cost does not grow with the map; the kernel's does: on a million road nodes a round takes over a
 * second, and the rounds of both passes in every thread were most of the workers' start. Where one round takes
 * this long, what the next would compile is a small share of a request's time.
 */
const LONG_ROUND_MS = 500;
/**
 * Points of each large matrix on the rarer roads: inside destination-only zones, where stops are seeded by a
 * search of their own (zone-seeds.ts), and on arcs with restriction copies, which add arrival seeds. Spread points
 * met too few of them on Baltimore: its first request still optimized that search and deoptimized the seeding
 * (a code path never taken has no type feedback).
 */
const RARE_POINTS = 100;

/** The edges warm-up points lie on: those of the largest component, and the rarer ones among them. */
interface WarmUpEdges {
  main: Uint32Array;
  rare: Uint32Array;
}

/**
 * One walk over the first profile's edges serves every round. Arcs with restriction copies are marked from the copies
 * themselves: asking each arc for its copies (two binary searches and a view, per arc and round) took 1 to 3 s of
 * each worker's start on a million road nodes.
 */
function warmUpEdges(router: ProfileRouter): WarmUpEdges {
  const { graph, turns, arcCopies } = router;
  const rareArc = new Uint8Array(graph.arcCount);
  for (const copy of arcCopies.byOrigin) rareArc[graph.arcOrigin[copy]!] = 1;
  for (let arc = 0; arc < graph.arcCount; arc++) if (turns.arcZone[arc] !== NO_ZONE) rareArc[arc] = 1;
  const largest = graph.componentSize.reduce((a, b) => Math.max(a, b), 0);
  const onMain = (arc: number) => arc >= 0 && graph.componentSize[graph.tail[arc]!] === largest;
  const main = new Uint32Array(graph.edgeCount), rare = new Uint32Array(graph.edgeCount);
  let mainCount = 0, rareCount = 0;
  for (let edge = 0; edge < graph.edgeCount; edge++) {
    const forward = graph.edgeForwardArc[edge]!, backward = graph.edgeBackwardArc[edge]!;
    const forwardOnMain = onMain(forward), backwardOnMain = onMain(backward);
    if (!forwardOnMain && !backwardOnMain) continue;
    main[mainCount++] = edge;
    if ((forwardOnMain && rareArc[forward] === 1) || (backwardOnMain && rareArc[backward] === 1)) rare[rareCount++] = edge;
  }
  return { main: main.subarray(0, mainCount), rare: rare.subarray(0, rareCount) };
}

const context: OperationContext = { signal: new AbortController().signal, reportProgress: () => undefined };

/**
 * Warm-up points lie where clients' points do: beside junctions (a junction's coordinates to six decimals, a
 * decimetre off) and part-way along a segment. Points exactly on junctions, as the warm-up used before, left the
 * branches only other points take without type feedback, and the first request deoptimized the snapping code.
 */
const ALONG_SEGMENT = 0.37;

/** Points near `edges` spread over them, as `lat,lon` text; each `round` of a size takes other roads. */
function warmUpPoints(router: ProfileRouter, edges: Uint32Array, count: number, round = 0): string[] {
  const { graph } = router;
  const text = (lat: number, lon: number) => `${lat.toFixed(6)},${lon.toFixed(6)}`;
  const points: string[] = [];
  const step = Math.max(1, Math.floor((2 * edges.length) / count));
  for (let i = round % step; i < edges.length && points.length < count; i += step) {
    const edge = edges[i]!, arc = graph.edgeForwardArc[edge]!;
    const at = graph.geomStart[edge]!;
    const lat = graph.geomLat[at]! + ALONG_SEGMENT * (graph.geomLat[at + 1]! - graph.geomLat[at]!);
    const lon = graph.geomLon[at]! + ALONG_SEGMENT * (graph.geomLon[at + 1]! - graph.geomLon[at]!);
    points.push(text(lat / E7, lon / E7));
    const junction = arc >= 0 ? graph.tail[arc]! : graph.head[graph.edgeBackwardArc[edge]!]!;
    points.push(text(graph.nodeLat[junction]!, graph.nodeLon[junction]!));
  }
  return points.slice(0, count);
}

/**
 * Every kind of cell the writers meet, written before any real matrix: unreachable, zero, whole and fractional
 * values, a vehicle slower than the metric. A kind first met in a client's request (an unreachable pair, say)
 * deoptimized the writer there, since its branch had no type feedback.
 */
function warmUpEncoders(): void {
  const side = 32;
  const valueAt = (index: number, scale: number) => (index % 7 === 3 ? UNREACHED : (index % 5) * index * scale);
  for (const speedPercentage of [80, 100]) {
    const cells: MatrixCells = {
      sourceCount: side,
      destinationCount: side,
      durationsMs: Uint32Array.from({ length: side * side }, (_, index) => valueAt(index, 1237)),
      distancesCm: Uint32Array.from({ length: side * side }, (_, index) => valueAt(index, 389)),
      speedPercentage,
    };
    encodeEveryWay(cells);
  }
}

function encodeEveryWay(cells: unknown): void {
  for (const accept of Object.values(MATRIX_ACCEPTS)) matrix.encode!(cells, accept);
}

/** A matrix from every point to the first `destinationShare` of them. */
async function warmUpMatrix(points: string[], vehicle: object, destinationShare = 1): Promise<void> {
  const destinations = destinationShare < 1 ? { destinations: points.slice(0, Math.ceil(points.length * destinationShare)) } : {};
  encodeEveryWay(await matrix.run(matrix.validate({ sources: points, ...destinations, vehicle }), context));
}

/** The points of the small rounds and of each large round, the same in both passes. */
interface PassPoints {
  small: string[];
  large: string[][];
}

/** Taken once per map: each set walks every road of the map, which both passes would otherwise do alike. */
const passPointsOfMap = new WeakMap<RoutingMap, PassPoints>();

function passPoints(map: RoutingMap): PassPoints {
  let points = passPointsOfMap.get(map);
  if (!points) {
    const profile = map.summary.profiles[0];
    if (!profile) return { small: [], large: [] };
    const router = map.router(profile);
    const edges = warmUpEdges(router);
    const largeRounds = Math.max(...Object.values(PASSES).map((pass) => pass.largeRounds));
    const large = Array.from({ length: largeRounds }, (_, round) => {
      const rarePoints = warmUpPoints(router, edges.rare, RARE_POINTS, round);
      return [...rarePoints, ...warmUpPoints(router, edges.main, LARGE_MATRIX_POINTS - rarePoints.length, round)];
    });
    points = { small: warmUpPoints(router, edges.main, WARM_UP_POINTS), large };
    passPointsOfMap.set(map, points);
  }
  return points;
}

async function warmUpOperations(map: RoutingMap, pass: WarmUpPass): Promise<void> {
  const { small: points, large } = passPoints(map);
  const vehicle = { vehicle_type: map.summary.profiles[0] };
  if (points.length < 2) return;
  const { smallRounds, largeRounds, destinationShare } = PASSES[pass];
  warmUpEncoders();
  for (let round = 0; round < smallRounds; round++) {
    await warmUpMatrix(points, vehicle);
    const routes = points.slice(1).map((point, i) => ({ stops: [{ location: points[i] }, { location: point }], vehicle }));
    await path.run(path.validate({ routes }), context);
  }
  for (let round = 0; round < largeRounds; round++) {
    const started = performance.now();
    await warmUpMatrix(large[round]!, vehicle, destinationShare);
    if (performance.now() - started > LONG_ROUND_MS) break;
  }
}

// The warm-up runs once the worker has attached every resource (worker-resources.ts says why), through the
// operations, which find the map as this worker's resource. The first map is enough: the code is the same on every map.
registerResourceAttacher(ROUTING_RESOURCE, async (descriptors) => attachServedMaps(descriptors as RoutingMapDescriptor[]),
  (maps, pass) => warmUpOperations((maps as ServedMaps).first, pass));
