import type { MessagePort } from 'node:worker_threads';
import type { ErrorResponse } from '../errors.js';
import type { OperationLimits } from '../operations/operation-limits.js';

/** What the HTTP thread sends a worker: one operation run. */
export interface WorkerJob {
  operation: string;
  request: unknown;
  /** Progress reports flow back on this port as numbers in [0, 1]. */
  progressPort?: MessagePort;
}

/** Errors are returned as data: a thrown AppError would lose its code crossing the thread boundary. */
export type WorkerOutcome = { ok: true; result: unknown } | { ok: false; error: ErrorResponse; detail?: string };

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
