// Thread entry: prepares the time slots' metrics of the served maps (prepare-metrics.ts), one map after the other,
// off the threads that answer requests, each of whose stores would hold its thread for seconds on a large map.
import { parentPort, workerData } from 'node:worker_threads';
import { prepareTimeSlotMetrics } from './prepare-metrics.js';
import type { RoutingMapDescriptor } from './routing-map-descriptor.js';

for (const descriptor of workerData as RoutingMapDescriptor[]) {
  parentPort!.postMessage({ map: descriptor.summary.name, prepared: await prepareTimeSlotMetrics(descriptor) });
}
