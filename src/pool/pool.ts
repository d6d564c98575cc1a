/**
 * The two worker lanes. Synchronous endpoints (path, matrix) run in a small lane of their own so they are never
 * queued behind long planning tasks; tasks run in the task lane. Canceling a running task terminates its worker
 * (Piscina replaces it), which is what really stops a computation stuck inside a WASM kernel.
 */
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { fromErrorResponse } from '../errors.js';
import type { WorkerJob, WorkerOutcome, WorkerSetup } from './messages.js';

export interface PoolOptions {
  workers: number;
  setup: WorkerSetup;
  /** Receives the detail of unexpected worker failures (stack traces never reach clients). */
  onInternalError: (operation: string, detail: string) => void;
}

export interface RunOptions {
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

export interface WorkerPool {
  runSync(operation: string, request: unknown, options?: RunOptions): Promise<unknown>;
  runTask(operation: string, request: unknown, options?: RunOptions): Promise<unknown>;
  /** Busy fraction of each lane, for /metrics. */
  utilization(): { sync: number; task: number };
  close(): Promise<void>;
}

const workerFile = new URL('./worker.js', import.meta.url).href;

function createLane(threads: number, setup: WorkerSetup): Piscina {
  return new Piscina({
    filename: workerFile,
    minThreads: threads,
    maxThreads: threads,
    // Idle workers must stay: each holds instantiated, warmed-up WASM (STACK.md pitfall 19).
    idleTimeout: Infinity,
    workerData: setup,
  });
}

export function createWorkerPool(options: PoolOptions): WorkerPool {
  const syncThreads = Math.max(1, Math.floor(options.workers / 2));
  const sync = createLane(syncThreads, options.setup);
  const task = createLane(options.workers, options.setup);

  async function run(lane: Piscina, operation: string, request: unknown, runOptions: RunOptions = {}): Promise<unknown> {
    const job: WorkerJob = { operation, request };
    const transferList = [];
    let channel: MessageChannel | undefined;
    if (runOptions.onProgress) {
      channel = new MessageChannel();
      channel.port1.on('message', (fraction: number) => runOptions.onProgress?.(fraction));
      job.progressPort = channel.port2;
      transferList.push(channel.port2);
    }
    try {
      const outcome = (await lane.run(job, { transferList, ...(runOptions.signal ? { signal: runOptions.signal } : {}) })) as WorkerOutcome;
      if (outcome.ok) return outcome.result;
      if (outcome.detail) options.onInternalError(operation, outcome.detail);
      throw fromErrorResponse(outcome.error);
    } finally {
      channel?.port1.close();
    }
  }

  return {
    runSync: (operation, request, runOptions) => run(sync, operation, request, runOptions),
    runTask: (operation, request, runOptions) => run(task, operation, request, runOptions),
    utilization: () => ({ sync: sync.utilization, task: task.utilization }),
    close: async () => {
      await Promise.all([sync.close({ force: true }), task.close({ force: true })]);
    },
  };
}
