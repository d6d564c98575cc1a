/** /metrics of a scale-out process: queue depths, tasks computing here, stalled-job recoveries, Redis round trip. */
import type { Redis } from 'ioredis';
import { Gauge, type Registry } from 'prom-client';
import type { TaskQueueWorker } from './task-queue-worker.js';
import type { TaskQueues } from './task-queues.js';

export interface QueueMetricSources {
  queues: TaskQueues;
  redis: Redis;
  /** Absent in API processes, which compute no tasks. */
  worker: () => TaskQueueWorker | undefined;
}

export function registerQueueMetrics(registry: Registry, sources: QueueMetricSources): void {
  new Gauge({
    name: 'fleetroute_queue_jobs',
    help: 'Jobs in the task queues by queue (short, long) and state',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      for (const { queue, state, count } of await sources.queues.depths().catch(() => [])) this.set({ queue, state }, count);
    },
  });
  new Gauge({
    name: 'fleetroute_worker_active_tasks',
    help: 'Tasks computing in this process',
    registers: [registry],
    collect() {
      this.set(sources.worker()?.active ?? 0);
    },
  });
  new Gauge({
    name: 'fleetroute_worker_stalled_recoveries',
    help: 'Tasks this process found abandoned by a dead worker and queued again (since start)',
    registers: [registry],
    collect() {
      this.set(sources.worker()?.stalledRecoveries ?? 0);
    },
  });
  new Gauge({
    name: 'fleetroute_redis_round_trip_seconds',
    help: 'Time of a PING to Redis at the last scrape (absent while Redis is unreachable)',
    registers: [registry],
    async collect() {
      const started = performance.now();
      try {
        await sources.redis.ping();
        this.set((performance.now() - started) / 1000);
      } catch {
        this.reset();
      }
    },
  });
}
