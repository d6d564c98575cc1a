/** Prometheus metrics of one app instance (its own registry, so several apps can live in one process). */
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { WorkerPool } from '../pool/pool.js';
import type { TaskStore } from '../tasks/task-store.js';

export function installMetrics(app: FastifyInstance, store: TaskStore, pool: WorkerPool): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'fleetroute_http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'fleetroute_http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['method', 'route'],
    buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
    registers: [registry],
  });
  new Gauge({
    name: 'fleetroute_tasks',
    help: 'Tasks in the store by state',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      for (const [state, count] of Object.entries(await store.countByStatus())) this.set({ state }, count);
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
  // Labelled children are looked up once per (method, route, status): prom-client's label hashing per request
  // costs a measurable share of a cheap request's time.
  const children = new Map<string, { count: () => void; observe: (seconds: number) => void }>();
  const childFor = (method: string, route: string, status: number) => {
    const key = `${method} ${status} ${route}`;
    let child = children.get(key);
    if (!child) {
      const counter = requests.labels(method, route, String(status));
      const histogram = latency.labels(method, route);
      child = { count: () => counter.inc(), observe: (seconds) => histogram.observe(seconds) };
      children.set(key, child);
    }
    return child;
  };
  app.addHook('onResponse', (request, reply, done) => {
    // Unmatched URLs share one label so that scanners cannot blow up the label set.
    const child = childFor(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode);
    child.count();
    child.observe(reply.elapsedTime / 1000);
    done();
  });
  return registry;
}
