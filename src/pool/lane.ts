/**
 * One lane of workers (a Piscina pool) that counts its jobs in flight, so that the pool can tell whether a job
 * started now gets a worker at once. Failures come back from workers as data and leave here as AppErrors; a
 * worker thread that dies leaves as WorkerCrashed.
 */
import { Piscina } from 'piscina';
import { fromErrorResponse } from '../errors.js';
import { ownBytes } from './thread-bytes.js';
import { publishQueuedTasks, queuedTasksCounter } from './queued-tasks.js';
import { WORKER_HEAP_REPORT_MS, type JobResult, type LaneHeap, type LaneWorkerSetup, type WorkerHeap, type WorkerJob, type WorkerOutcome, type WorkerSetup, type WorkerStartup } from './messages.js';
import type { WarmUpPass } from './worker-resources.js';

export interface LaneOptions {
  threads: number;
  /** OS nice value of the lane's threads (src/pool/thread-priority.ts). */
  niceness: number;
  /** How far the lane's threads warm up before the lane has started. */
  warmUp: WarmUpPass;
  setup: WorkerSetup;
  onInternalError: (operation: string, detail: string) => void;
}

const workerFile = new URL('./worker.js', import.meta.url).href;

/**
 * A worker parses and validates whole request bodies (a planning problem with its matrix is megabytes), and the
 * parsed body stays alive for the whole job. With V8's default young generation of a few megabytes it is copied
 * by a dozen scavenges before it is promoted, which cost a quarter of an evaluate of 5,000 jobs; 64 MB
 * semi-spaces let it be promoted after one or two. Only what is used is committed.
 */
const youngGenerationMb = 3 * 64;

/** How long closing a lane waits for jobs still running before it stops them. */
const closeTimeoutMs = 1000;

/** The worker thread running a job died before answering (Piscina has replaced it). */
export class WorkerCrashed extends Error {
  override name = 'WorkerCrashed';

  constructor(operation: string) {
    super(`The worker thread computing ${operation} died`);
  }
}

export class Lane {
  readonly #piscina: Piscina;
  readonly #threads: number;
  readonly #onInternalError: (operation: string, detail: string) => void;
  #inFlight = 0;
  /** Jobs waiting for a worker, shared with the workers (queued-tasks.ts). */
  readonly #queued = queuedTasksCounter();
  /** Resolves once as many workers as the lane has threads have attached their resources and warmed up. */
  readonly started: Promise<void>;
  /** The latest heap report of each thread, by thread id, with when it came. */
  readonly #heaps = new Map<number, WorkerHeap & { at: number }>();

  constructor({ threads, niceness, warmUp, setup, onInternalError }: LaneOptions) {
    this.#threads = threads;
    this.#onInternalError = onInternalError;
    const workerData: LaneWorkerSetup = { ...setup, niceness, warmUp, queuedTasks: this.#queued };
    this.#piscina = new Piscina({
      filename: workerFile,
      minThreads: threads,
      maxThreads: threads,
      // Idle workers must stay: each holds instantiated, warmed-up WASM (Piscina tears idle workers down by default).
      idleTimeout: Infinity,
      // Piscina's default makes an idle worker block in Atomics.wait, which freezes its event loop: a worker
      // would attach its resources and warm up only when the first request arrives, which would pay for it all.
      atomics: 'async',
      workerData,
      resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb },
      // Piscina holds a closed pool, and so the map memory its workers were given, until this timer ends, even
      // when the pool closed at once. Callers close a lane only once its jobs are done or canceled.
      closeTimeout: closeTimeoutMs,
    });
    // Emitted when jobs still ran at the close timeout (they are stopped): unheard, it would end the process.
    this.#piscina.on('error', (error: unknown) => onInternalError('pool', `closing a lane: ${error instanceof Error ? error.message : String(error)}`));
    this.started = this.#startupOfEveryThread();
    this.#piscina.on('message', (message: WorkerHeap) => {
      if (message.kind === 'worker-heap') this.#heaps.set(message.threadId, { ...message, at: Date.now() });
    });
  }

  /** The heaps of the live threads: a thread that stopped reporting (replaced after a crash) no longer counts. */
  heap(): LaneHeap {
    const staleBefore = Date.now() - 3 * WORKER_HEAP_REPORT_MS;
    const total = { usedBytes: 0, totalBytes: 0 };
    for (const [thread, heap] of this.#heaps) {
      if (heap.at < staleBefore) {
        this.#heaps.delete(thread);
        continue;
      }
      total.usedBytes += heap.usedBytes;
      total.totalBytes += heap.totalBytes;
    }
    return total;
  }

  #startupOfEveryThread(): Promise<void> {
    let pending = this.#threads;
    return new Promise((resolve, reject) => {
      this.#piscina.on('message', (message: WorkerStartup) => {
        if (message.kind === 'worker-failed') reject(new Error(`a worker could not start: ${message.detail}`));
        else if (message.kind === 'worker-started' && --pending === 0) resolve();
      });
    });
  }

  hasIdleWorker(): boolean {
    return this.#inFlight < this.#threads;
  }

  /**
   * Aborting `signal` terminates the worker running the job (Piscina replaces it). A worker thread that dies
   * under the job (an exit, an uncaught error, memory exhausted) rejects it with WorkerCrashed.
   */
  async run(job: WorkerJob, signal?: AbortSignal): Promise<JobResult> {
    this.#countInFlight(+1);
    try {
      const outcome = await this.#outcome(job, signal);
      if (outcome.ok) return outcome.result;
      if (outcome.detail) this.#onInternalError(job.operation, outcome.detail);
      throw fromErrorResponse(outcome.error);
    } finally {
      this.#countInFlight(-1);
    }
  }

  #countInFlight(change: number): void {
    this.#inFlight += change;
    publishQueuedTasks(this.#queued, this.#inFlight, this.#threads);
  }

  async #outcome(job: WorkerJob, signal: AbortSignal | undefined): Promise<WorkerOutcome> {
    try {
      return (await this.#piscina.run({ ...job, body: ownBytes(job.body) }, { transferList: job.port ? [job.port] : [], ...(signal && { signal }) })) as WorkerOutcome;
    } catch (error) {
      if (signal?.aborted) throw error;
      this.#onInternalError(job.operation, `the worker thread died: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      throw new WorkerCrashed(job.operation);
    }
  }

  get utilization(): number {
    return this.#piscina.utilization;
  }

  close(): Promise<void> {
    return this.#piscina.close({ force: true });
  }
}
