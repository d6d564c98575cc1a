/**
 * Prepares, once the maps are served, the metrics of every time slot that their cache does not hold yet (a map
 * served straight from its extract, imported with `--without-metrics`, or imported before imports stored them), so
 * that the first request in a traffic pattern's hours finds its hierarchy in the cache instead of waiting minutes
 * for its contraction on a large map (docs/scale.md, Import). A thread of its own does it; a request that needs a metric before it is ready
 * contracts it as before. Stopped with the served maps.
 */
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundWork } from '../../server/resource-loaders.js';
import type { PreparedMetrics } from './prepare-metrics.js';
import type { RoutingMapDescriptor } from './routing-map-descriptor.js';

interface PreparedMap {
  map: string;
  prepared: PreparedMetrics;
}

export function startMetricPreparation(descriptors: RoutingMapDescriptor[], log: FastifyBaseLogger): BackgroundWork {
  const worker = new Worker(new URL('./metric-preparation-thread.js', import.meta.url), { workerData: descriptors });
  let stopping = false;
  worker.on('message', ({ map, prepared }: PreparedMap) => {
    const contracted = Object.values(prepared.profiles).reduce((sum, profile) => sum + (profile?.contracted ?? 0), 0);
    if (contracted > 0) log.info({ map, profiles: prepared.profiles, seconds: prepared.seconds }, 'prepared the metrics of the time slots the cache lacked');
  });
  worker.on('error', (error) => log.warn({ err: error }, 'the time slots\' metrics could not be prepared; requests contract them on first use'));
  worker.on('exit', (code) => {
    if (code !== 0 && !stopping) log.warn({ code }, 'the preparation of the time slots\' metrics stopped');
  });
  // Never what keeps a process alive.
  worker.unref();
  return {
    async stop() {
      stopping = true;
      await worker.terminate();
    },
  };
}
