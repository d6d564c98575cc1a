/**
 * The routing resource as a pool worker starts it: attaches the map, then answers a small matrix and a few paths
 * through the operations themselves, so that the service's first request does not pay for cold code (module
 * loading, the JavaScript compiler's first tiers, the snapping and encoding paths). The worker reports itself
 * started only after this (src/pool/worker.ts).
 */
import type { OperationContext } from '../../operations/operation.js';
import { registerResourceAttacher, setWorkerResource } from '../../pool/worker-resources.js';
import { attachRoutingMap, ROUTING_RESOURCE, type RoutingMap } from './attach-routing-map.js';
import { operation as matrix } from '../service/matrix-operation.js';
import { operation as path } from '../service/path-operation.js';
import type { RoutingMapDescriptor } from './routing-map-descriptor.js';

/** Enough points that the hot loops run long enough to be optimized, few enough to cost tens of milliseconds. */
const WARM_UP_POINTS = 48;
const WARM_UP_ROUNDS = 3;
/**
 * Matrices of the size clients ask for, so that the first request finds the worker as the tenth does: the writer's
 * and the kernel's scratch at full size, and the snapping and writing code optimized for it. With one matrix of 400
 * points, the worker spent 160–220 ms of CPU on the first 1000 × 1000 request against 130–170 ms on later ones;
 * with these, 130–150 ms on every one (docs/routing-service.md, The first request).
 */
const LARGE_MATRIX_POINTS = 1000;
const LARGE_MATRIX_ROUNDS = 3;

const context: OperationContext = { signal: new AbortController().signal, reportProgress: () => undefined };

/** Points spread over the first profile's main network, as `lat,lon` text. */
function warmUpPoints(map: RoutingMap, count: number): string[] {
  const profile = map.summary.profiles[0];
  if (!profile) return [];
  const { graph } = map.router(profile);
  const largest = graph.componentSize.reduce((a, b) => Math.max(a, b), 0);
  const points: string[] = [];
  const step = Math.max(1, Math.floor(graph.nodeCount / count));
  for (let node = 0; node < graph.nodeCount && points.length < count; node += step) {
    if (graph.componentSize[node] === largest) points.push(`${graph.nodeLat[node]},${graph.nodeLon[node]}`);
  }
  return points;
}

async function warmUpMatrix(points: string[], vehicle: object): Promise<void> {
  const cells = await matrix.run(matrix.validate({ sources: points, vehicle }), context);
  matrix.encode!(cells, undefined);
  matrix.encode!(cells, 'application/x-msgpack');
}

async function warmUpOperations(map: RoutingMap): Promise<void> {
  const points = warmUpPoints(map, WARM_UP_POINTS);
  const vehicle = { vehicle_type: map.summary.profiles[0] };
  if (points.length < 2) return;
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    await warmUpMatrix(points, vehicle);
    const routes = points.slice(1).map((point, i) => ({ stops: [{ location: points[i] }, { location: point }], vehicle }));
    await path.run(path.validate({ routes }), context);
  }
  const large = warmUpPoints(map, LARGE_MATRIX_POINTS);
  for (let round = 0; round < LARGE_MATRIX_ROUNDS; round++) await warmUpMatrix(large, vehicle);
}

registerResourceAttacher(ROUTING_RESOURCE, async (descriptor) => {
  const map = attachRoutingMap(descriptor as RoutingMapDescriptor);
  // The operations reach the map as this worker's resource, which the warm-up already needs.
  setWorkerResource(ROUTING_RESOURCE, map);
  await warmUpOperations(map);
  return map;
});
