/**
 * The two worker lanes. Synchronous endpoints (path, matrix) run in a small lane of their own so they are never
 * queued behind long planning tasks; tasks run in the task lane, at a lower OS priority so that they never take
 * the CPU the HTTP thread and the sync lane need (docs/isolation.md). Workers receive request bodies as JSON
 * text and return results serialized (src/operations/result-views.ts). Canceling a running task, or its
 * watchdog expiring, terminates its worker (Piscina replaces it), which is what really stops a computation stuck
 * inside a WASM kernel.
 */
import { AppError } from '../errors.js';
import { Lane, WorkerCrashed } from './lane.js';
import type { ComputedResult, LaneHeap, WorkerSetup } from './messages.js';
import { taskWorkerNiceness } from './thread-priority.js';
import { admitTask, runAcceptedTask, type AdmittedTask, type RunOptions } from './task-admission.js';
import type { ResultViews } from '../operations/result-views.js';

export type { AdmittedTask, RunOptions } from './task-admission.js';

export interface PoolOptions {
  workers: number;
  setup: WorkerSetup;
  /** Receives the detail of unexpected worker failures (stack traces never reach clients). */
  onInternalError: (operation: string, detail: string) => void;
  /** What a task may compute past its time limit (travel matrices, timing and serializing the plan) before the watchdog stops it; a minute by default. */
  watchdogGraceSeconds?: number;
}

const defaultWatchdogGraceSeconds = 60;

export interface WorkerPool {
  /** Validates and runs a synchronous operation in the fast lane; `accept` may ask for another encoding. */
  runSync(operation: string, body: Uint8Array, accept?: string): Promise<ComputedResult>;
  /** Validates a body without running it (rejecting with its 400), in the fast lane. */
  check(operation: string, body: Uint8Array): Promise<void>;
  /** Validates a task's body (rejecting with its 400) and holds it ready to run (src/pool/task-admission.ts). */
  admitTask(operation: string, body: Uint8Array, options: RunOptions): Promise<AdmittedTask>;
  /** Computes a task accepted by another process (a queued task) in the task lane; rejects with its error. */
  runTask(operation: string, body: Uint8Array, options: RunOptions): Promise<ResultViews>;
  /** Busy fraction of each lane, for /metrics. */
  utilization(): { sync: number; task: number };
  /** JavaScript heap of each lane's threads as they last reported it, for /metrics. */
  heap(): { sync: LaneHeap; task: LaneHeap };
  close(): Promise<void>;
}

/** A pool just created: its threads are still loading their resources and warming up. */
export interface StartingWorkerPool extends WorkerPool {
  /** Resolves when every thread can answer at full speed; rejects if one could not attach its resources. */
  started: Promise<void>;
}

export function createWorkerPool(options: PoolOptions): StartingWorkerPool {
  const { setup, onInternalError } = options;
  const sync = new Lane({ threads: Math.max(1, Math.floor(options.workers / 2)), niceness: 0, warmUp: 'full', setup, onInternalError });
  // A planning task runs for seconds, so what its first matrix compiles is a small share of it; the full warm-up's
  // matrices take seconds of every thread's start on a large map (docs/routing-service.md, The first request).
  const task = new Lane({ threads: options.workers, niceness: taskWorkerNiceness, warmUp: 'brief', setup, onInternalError });
  const lanes = { sync, task, watchdogGraceMs: (options.watchdogGraceSeconds ?? defaultWatchdogGraceSeconds) * 1000 };
  const started = Promise.all([sync.started, task.started]).then(() => undefined);
  // Observed here so that a pool nobody waits for cannot end the process with an unhandled rejection.
  started.catch(() => undefined);
  return {
    started,
    async runSync(operation, body, accept) {
      const result = await sync.run({ operation, body, mode: 'run', ...(accept !== undefined && { accept }) }).catch((error: unknown) => {
        throw error instanceof WorkerCrashed ? new AppError('internal_server_error', 'The worker thread computing this request died') : error;
      });
      if (!result) throw new Error(`${operation} computed no result`);
      return result;
    },
    async check(operation, body) {
      await sync.run({ operation, body, mode: 'check' });
    },
    admitTask: (operation, body, runOptions) => admitTask(lanes, operation, body, runOptions),
    runTask: (operation, body, runOptions) => runAcceptedTask(lanes, operation, body, runOptions),
    utilization: () => ({ sync: sync.utilization, task: task.utilization }),
    heap: () => ({ sync: sync.heap(), task: task.heap() }),
    close: async () => {
      await Promise.all([sync.close(), task.close()]);
    },
  };
}
