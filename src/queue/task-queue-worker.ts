/**
 * The consumer side of a scale-out deployment: BullMQ workers take tasks from the short and the long queue of the
 * served map and compute them in this process's pool, recording each transition in the shared store.
 *
 * - A worker process that dies mid-task stops renewing its job's lock; another worker's stalled-job check puts
 *   the job back in its queue and it runs again (at-least-once execution). The store's compare-and-set
 *   transitions keep exactly one final status. A task whose worker died twice fails with internal_server_error.
 * - A cancel made on any instance reaches the worker through the store's change notifications and aborts the
 *   run, which terminates the worker thread computing it.
 * - On shutdown the worker takes no new jobs, lets running ones finish within a grace period, and hands the rest
 *   back to their queue for another worker.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker, WaitingError, type Job } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError, toErrorResponse } from '../errors.js';
import type { WorkerPool } from '../pool/pool.js';
import { closeConnection, openWaitingConnection } from '../redis/redis-connection.js';
import { activeStatusList } from '../tasks/task.js';
import { throttledProgress } from '../tasks/task-runner.js';
import type { TaskChange, TaskStore } from '../tasks/task-store.js';
import type { TaskBodies } from './task-bodies.js';
import { queueKinds, queueName, queueOptions, type QueueKind, type TaskJobData } from './task-queues.js';

/** A task may lose its worker once and run again; the second loss fails it. */
const maxWorkerDeaths = 2;
const progressIntervalMs = 200;
/** How long a store call waits for Redis to come back before the attempt is given up (and tried again later). */
const outageRetryMs = 30_000;
const retryDelayMs = 500;
/** How often a stopped BullMQ worker loop is looked for (it may end after Redis restarts). */
const superviseIntervalMs = 1000;

export interface TaskQueueWorkerOptions {
  redisUrl: string;
  store: TaskStore;
  bodies: TaskBodies;
  pool: WorkerPool;
  mapHash: string;
  /** Tasks computed at once from each queue. */
  concurrency: Record<QueueKind, number>;
  /** A worker that has not renewed a job's lock for this long is taken for dead and its task runs elsewhere. */
  lockMs: number;
  log: FastifyBaseLogger;
}

interface RunningTask {
  controller: AbortController;
  handBack: boolean;
}

/** What the stores answer while Redis is unreachable (src/redis/redis-connection.ts). */
const redisDown = (error: unknown): boolean => error instanceof AppError && error.code === 'service_unavailable_error';


export class TaskQueueWorker {
  readonly #workers: Array<Worker<TaskJobData>>;
  readonly #connections: Redis[] = [];
  readonly #running = new Map<string, RunningTask>();
  readonly #supervisor: NodeJS.Timeout;
  #closing = false;
  #stalledRecoveries = 0;

  constructor(private readonly options: TaskQueueWorkerOptions) {
    this.#workers = queueKinds.map((kind) => {
      const connection = openWaitingConnection(options.redisUrl, `fleetroute-worker-${kind}`);
      this.#connections.push(connection);
      const worker = new Worker<TaskJobData>(queueName(kind, options.mapHash), (job, token) => this.#process(job, token), {
        ...queueOptions(connection),
        concurrency: options.concurrency[kind],
        lockDuration: options.lockMs,
        stalledInterval: options.lockMs,
        // Deaths are counted here (maxWorkerDeaths), where the task's error response can be written.
        maxStalledCount: 1000,
      });
      worker.on('stalled', (jobId) => {
        this.#stalledRecoveries++;
        options.log.warn({ taskId: jobId }, 'task stalled: its worker stopped; queued again');
      });
      worker.on('error', (error) => options.log.warn({ err: error }, 'queue worker error'));
      return worker;
    });
    this.#supervisor = setInterval(() => this.#restartStoppedLoops(), superviseIntervalMs).unref();
  }

  /**
   * BullMQ's fetch loop can end when its blocking connection breaks (a Redis restart), while ioredis reconnects
   * underneath: jobs would then wait forever. A loop found stopped is started again.
   */
  #restartStoppedLoops(): void {
    for (const worker of this.#workers) {
      if (this.#closing || worker.isRunning() || worker.closing) continue;
      this.options.log.warn({ queue: worker.name }, 'queue worker loop had stopped; restarting it');
      worker.run().catch((error: unknown) => this.options.log.warn({ err: error }, 'queue worker loop stopped'));
    }
  }

  /** Tasks computing in this process now. */
  get active(): number {
    return this.#running.size;
  }

  /** Tasks this process found abandoned by a dead worker and put back in their queue. */
  get stalledRecoveries(): number {
    return this.#stalledRecoveries;
  }

  /** Takes no new jobs; running ones get `graceMs` to finish, then go back to their queue for another worker. */
  async shutdown(graceMs: number): Promise<void> {
    this.#closing = true;
    clearInterval(this.#supervisor);
    const closed = Promise.all(this.#workers.map((worker) => worker.close())).then(() => Promise.all(this.#connections.map(closeConnection)));
    const finished = await Promise.race([closed.then(() => true), sleep(graceMs, false, { ref: false })]);
    if (finished) return;
    for (const task of this.#running.values()) {
      task.handBack = true;
      task.controller.abort();
    }
    await closed;
  }

  async #process(job: Job<TaskJobData>, token: string | undefined): Promise<void> {
    const { taskId, operation } = job.data;
    const log = this.options.log.child({ taskId, operation });
    if (job.stalledCounter >= maxWorkerDeaths) {
      log.error({ deaths: job.stalledCounter }, 'task failed: its worker died twice');
      const error = new AppError('internal_server_error', 'The task stopped twice because the worker computing it died');
      await this.#finish(taskId, { status: 'failed', error: toErrorResponse(error) });
      return;
    }
    // One round trip for both; the body of a task canceled meanwhile is simply not used.
    const [started, body] = await Promise.all([
      this.#persistently(() => this.options.store.transition(taskId, activeStatusList, { status: 'running', progress: 0 })),
      this.#persistently(() => this.options.bodies.load(taskId)).catch((error: unknown) => error as Error),
    ]);
    if (!started) return; // canceled (or finished) while it waited
    log.info({ attempt: job.stalledCounter + 1 }, 'task started');
    const task: RunningTask = { controller: new AbortController(), handBack: false };
    this.#running.set(taskId, task);
    const stopWatching = this.#stopOnCancel(taskId, task.controller);
    try {
      if (body instanceof Error) throw body;
      const onProgress = throttledProgress(this.options.store, taskId, progressIntervalMs);
      const result = await this.options.pool.runTask(operation, body, { signal: task.controller.signal, onProgress });
      await this.#finish(taskId, { status: 'completed', result, progress: 1 });
      log.info('task completed');
    } catch (error) {
      if (task.handBack) {
        await this.options.store.transition(taskId, ['running'], { status: 'queued' });
        await job.moveToWait(token);
        log.info('task handed back to its queue');
        throw new WaitingError();
      }
      if (task.controller.signal.aborted) {
        log.info('task canceled');
        return;
      }
      // Not the task's outcome: this attempt ends, and BullMQ tries the job again once Redis is back.
      if (redisDown(error)) throw error;
      if (!(error instanceof AppError)) log.error({ err: error }, 'task failed unexpectedly');
      await this.#finish(taskId, { status: 'failed', error: toErrorResponse(error) });
    } finally {
      stopWatching();
      this.#running.delete(taskId);
    }
  }

  /** Writes a final status, waiting out a short Redis outage rather than losing a computed result. */
  async #finish(taskId: string, change: TaskChange): Promise<void> {
    await this.#persistently(() => this.options.store.transition(taskId, activeStatusList, change));
  }

  /**
   * Runs a store call, waiting out a short Redis outage. Should the outage outlast it, the call's error fails
   * this attempt of the job, and BullMQ tries the job again later (the job's attempts and back-off): a task
   * accepted before an outage is never dropped by one.
   */
  async #persistently<T>(call: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + outageRetryMs;
    for (;;) {
      try {
        return await call();
      } catch (error) {
        if (!redisDown(error) || Date.now() > deadline) throw error;
        await sleep(retryDelayMs);
      }
    }
  }

  /** Aborts `controller` as soon as the task leaves the active statuses (a cancel from any instance). */
  #stopOnCancel(taskId: string, controller: AbortController): () => void {
    const stop = new AbortController();
    void (async () => {
      while (!stop.signal.aborted) {
        const finished = await this.options.store.waitUntilFinished(taskId, 60_000, stop.signal).catch(async () => {
          await sleep(retryDelayMs);
          return undefined;
        });
        if (finished) {
          controller.abort();
          return;
        }
      }
    })();
    return () => stop.abort();
  }
}
