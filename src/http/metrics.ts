/** Prometheus metrics of one app instance (its own registry, so several apps can live in one process). */
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { WorkerPool } from '../pool/pool.js';
import type { TaskStore } from '../tasks/task-store.js';
import { RequestMetrics } from './request-metrics.js';
import type { ServiceState } from './service-state.js';

/** `extend` adds the metrics of optional parts (the queues of a scale-out process). */
export function installMetrics(app: FastifyInstance, store: TaskStore, pool: WorkerPool, state: ServiceState, extend?: (registry: Registry) => void): Registry {
  const registry = new Registry();
  extend?.(registry);
  collectDefaultMetrics({ register: registry });
  const requests = new RequestMetrics();
  requests.register(registry);
  new Gauge({
    name: 'fleetroute_tasks',
    help: 'Tasks in the store by state',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const counts = await store.countByStatus().catch(() => ({}));
      for (const [state, count] of Object.entries(counts)) this.set({ state }, count);
    },
  });
  new Gauge({
    name: 'fleetroute_pool_utilization',
    help: 'Busy fraction of each worker lane',
    labelNames: ['lane'],
    registers: [registry],
    collect() {
      for (const [lane, value] of Object.entries(pool.utilization())) this.set({ lane }, value);
    },
  });
  new Gauge({
    name: 'fleetroute_worker_heap_bytes',
    help: 'JavaScript heap of each worker lane\'s threads (used and allocated), as they last reported it',
    labelNames: ['lane', 'kind'],
    registers: [registry],
    collect() {
      for (const [lane, heap] of Object.entries(pool.heap())) {
        this.set({ lane, kind: 'used' }, heap.usedBytes);
        this.set({ lane, kind: 'total' }, heap.totalBytes);
      }
    },
  });
  new Gauge({
    name: 'fleetroute_map_bytes',
    help: 'Bytes of each served map by profile and part, shared by all worker threads (docs/scale.md)',
    labelNames: ['map', 'profile', 'part'],
    registers: [registry],
    collect() {
      this.reset();
      for (const map of state.map?.maps ?? []) {
        for (const [profile, parts] of Object.entries(map.servedBytes ?? {})) {
          for (const [part, bytes] of Object.entries(parts ?? {})) this.set({ map: map.name, profile, part }, bytes);
        }
      }
    },
  });
  new Gauge({
    name: 'fleetroute_geocoder_bytes',
    help: 'Bytes of each served map\'s geocode index, shared by all worker threads (docs/geocoding.md)',
    labelNames: ['map'],
    registers: [registry],
    collect() {
      this.reset();
      for (const map of state.map?.maps ?? []) if (map.geocoderBytes !== undefined) this.set({ map: map.name }, map.geocoderBytes);
    },
  });
  app.addHook('onResponse', (request, reply, done) => {
    // Unmatched URLs share one label so that scanners cannot blow up the label set.
    requests.record(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  return registry;
}
