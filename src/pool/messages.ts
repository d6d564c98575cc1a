import type { MessagePort } from 'node:worker_threads';
import type { ErrorResponse } from '../errors.js';
import type { OperationLimits } from '../operations/operation-limits.js';
import type { ResultViews } from '../operations/result-views.js';
import type { WarmUpPass } from './worker-resources.js';

/**
 * What a worker does with a job's body: `check` parses and validates it only; `run` also computes;
 * `admit-then-run` reports `valid` on the job's port after validating, then computes only if the HTTP thread
 * answers `true` (it has created the task within the account's limit).
 */
export type JobMode = 'check' | 'run' | 'admit-then-run';

/** What the HTTP thread sends a worker: one operation over a request body still in its bytes. */
export interface WorkerJob {
  operation: string;
  /** The body's bytes as received: copied to the thread at a fraction of the cost of a parsed object, decoded there. */
  body: Uint8Array;
  mode: JobMode;
  /** The client's Accept header, for operations that encode their result in other media types. */
  accept?: string;
  /** Carries WorkerMessages to the HTTP thread and, in `admit-then-run`, the admission verdict back. */
  port?: MessagePort;
}

/**
 * From a worker to the HTTP thread on a job's port. `running` is sent when the computation starts, with the
 * time limit its watchdog allows it (src/pool/task-watchdog.ts).
 */
export type WorkerMessage = { kind: 'valid' } | { kind: 'progress'; fraction: number } | { kind: 'running'; timeLimitSeconds: number };

/**
 * From a worker to the HTTP thread, once, when its resources are attached and warmed up (or failed to attach):
 * the service reports ready only when every worker can answer at full speed.
 */
export type WorkerStartup = { kind: 'worker-started' } | { kind: 'worker-failed'; detail: string };

/** How often each worker reports its heap; a soak tells a plateau from a leak by these (docs/soak.md). */
export const WORKER_HEAP_REPORT_MS = 10_000;

/** From each worker, at start and then every WORKER_HEAP_REPORT_MS: its JavaScript heap, for /metrics. */
export interface WorkerHeap {
  kind: 'worker-heap';
  threadId: number;
  usedBytes: number;
  totalBytes: number;
}

/** Heap of a lane's threads, summed. */
export interface LaneHeap {
  usedBytes: number;
  totalBytes: number;
}

/** A result encoded in a media type the client asked for, instead of JSON. */
export interface EncodedResult {
  contentType: string;
  body: Uint8Array;
}

/** What a job computed, serialized in the worker. */
export type ComputedResult = { views: ResultViews } | { encoded: EncodedResult };

/** Nothing for `check`, and for a job refused admission. */
export type JobResult = ComputedResult | undefined;

/** Errors are returned as data: a thrown AppError would lose its code crossing the thread boundary. */
export type WorkerOutcome = { ok: true; result: JobResult } | { ok: false; error: ErrorResponse; detail?: string };

/** Data every worker receives once at start. */
export interface WorkerSetup {
  /** The server's limits and budgets for operations. */
  limits: OperationLimits;
  /** Modules (file URLs) imported at start that register extra operations, e.g. test-only ones. */
  extraOperationModules: string[];
  /** Modules (file URLs) imported at start that register the attachers of the shared resources. */
  resourceModules: string[];
  /** Shared resources (map memory, hierarchy layout…) by name, handed to `attachWorkerResources`. */
  resources: Record<string, unknown>;
}

/** What each worker of a lane receives: the pool's setup and the lane's own settings. */
export interface LaneWorkerSetup extends WorkerSetup {
  /** OS nice value the worker thread takes at start (src/pool/thread-priority.ts); 0 keeps the default. */
  niceness: number;
  /** How many of the lane's jobs wait for a worker, written by the lane (src/pool/queued-tasks.ts). */
  queuedTasks: Int32Array;
  /** How far the worker warms up before it reports started (src/pool/worker-resources.ts). */
  warmUp: WarmUpPass;
}
