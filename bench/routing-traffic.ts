/**
 * Predicted traffic on one extract, through the routing service as a worker runs it: the customization of
 * each traffic pattern of the typical week (its metric and its hierarchy in the base order) and the memory
 * it keeps; a 100×100 matrix in a pattern not built yet (cold: customization included) and again (warm);
 * `/v1/path` p50 with traffic at random hours of the week beside the same routes without traffic.
 */
import type { OperationContext } from '../src/operations/operation.js';
import { setWorkerResource } from '../src/pool/worker-resources.js';
import { attachServedMaps, ROUTING_RESOURCE } from '../src/routing/load/attach-routing-map.js';
import { loadRoutingMap } from '../src/routing/load/load-routing-map.js';
import { operation as path } from '../src/routing/service/path-operation.js';
import { travelMatrix } from '../src/routing/query/travel-matrix.js';
import { FREE_FLOW_PATTERN } from '../src/routing/traffic/traffic-model.js';
import { randomInt, seededRandom } from '../test/helpers/random-graph.js';
import { percentile, report } from './report.js';

const PATH_REQUESTS = 1000;
const MATRIX_SIDE = 100;
const context: OperationContext = { signal: new AbortController().signal, reportProgress: () => undefined };

function round(value: number): number {
  return Number(value.toFixed(2));
}

/** Sorted milliseconds of each call, one at a time. */
async function timeEach<T>(items: T[], call: (item: T) => Promise<unknown>): Promise<Float64Array> {
  const ms = new Float64Array(items.length);
  for (const [i, item] of items.entries()) {
    const start = performance.now();
    await call(item);
    ms[i] = performance.now() - start;
  }
  return ms.sort();
}

export async function measureTraffic(map: string, mapFile: string, dataDir: string): Promise<void> {
  const { descriptor } = await loadRoutingMap({ mapFile, dataDir, profiles: ['auto'] });
  const maps = attachServedMaps([descriptor]);
  setWorkerResource(ROUTING_RESOURCE, maps);
  const routing = maps.first;
  const router = routing.router('auto');
  const { graph, traffic } = router;
  const random = seededRandom(5);
  const nodes = Array.from({ length: graph.nodeCount }, (_, node) => node);
  const largest = graph.componentSize.reduce((a, b) => Math.max(a, b), 0);
  const network = nodes.filter((node) => graph.componentSize[node] === largest);
  const point = () => {
    const node = network[randomInt(random, network.length)]!;
    return { lat: graph.nodeLat[node]!, lon: graph.nodeLon[node]! };
  };
  const hoursOf = (pattern: number) => traffic.patternOfHour.flatMap((p, hour) => (p === pattern ? [hour] : []));
  const patterns = [...new Set(traffic.patternOfHour)].filter((pattern) => pattern !== FREE_FLOW_PATTERN);

  // Cold then warm: the first pattern's matrix pays for its customization.
  const stops = Array.from({ length: MATRIX_SIDE }, () => ({ location: point() }));
  const firstHour = hoursOf(patterns[0]!)[0]!;
  let start = performance.now();
  await travelMatrix(stops, { hourOfWeek: firstHour, inTraffic: true });
  const coldMs = performance.now() - start;
  const warm = await timeEach([0, 1, 2, 3, 4], () => travelMatrix(stops, { hourOfWeek: firstHour, inTraffic: true }));
  const free = await timeEach([0, 1, 2, 3, 4], () => travelMatrix(stops));
  report('routing.traffic.matrix', {
    map, size: `${MATRIX_SIDE}x${MATRIX_SIDE}`, coldMs: round(coldMs), warmMs: round(warm[0]!), freeFlowMs: round(free[0]!),
    warmVsFreeFlow: round(warm[0]! / free[0]!),
  });

  for (const pattern of patterns.slice(1)) {
    start = performance.now();
    const metric = await router.metric({ timeSlot: router.slots.inTraffic[hoursOf(pattern)[0]!]! });
    const customizationS = (performance.now() - start) / 1000;
    report('routing.traffic.slot', {
      map, pattern, hoursOfWeek: hoursOf(pattern).length, customizationS: round(customizationS),
      hierarchyMb: round(metric.hierarchy.byteLength / 1e6),
      metricArraysMb: round((metric.weight.byteLength + metric.durationMs.byteLength) / 1e6),
    });
  }

  const routes = Array.from({ length: PATH_REQUESTS }, () => {
    const when = new Date(Date.UTC(2026, 10, 16) + randomInt(random, 7 * 24 * 3600) * 1000).toISOString();
    return { routing_options: { route_with_traffic: true, routing_date_time: when }, stops: [{ location: point() }, { location: point() }] };
  });
  const format = (location: { lat: number; lon: number }) => `${location.lat},${location.lon}`;
  const bodies = routes.map((route) => path.validate({ routes: [{ ...route, stops: route.stops.map((stop) => ({ location: format(stop.location) })) }] }));
  const plainBodies = bodies.map((body) => ({ ...body, routes: body.routes.map((route) => ({ ...route, options: { ...route.options, routeWithTraffic: false } })) }));
  const withTraffic = await timeEach(bodies, (body) => path.run(body, context));
  const withoutTraffic = await timeEach(plainBodies, (body) => path.run(body, context));
  report('routing.traffic.path', {
    map, requests: PATH_REQUESTS, p50Ms: round(percentile(withTraffic, 0.5)), p99Ms: round(percentile(withTraffic, 0.99)),
    freeFlowP50Ms: round(percentile(withoutTraffic, 0.5)),
    vsFreeFlowP50: round(percentile(withTraffic, 0.5) / percentile(withoutTraffic, 0.5)),
  });
}
