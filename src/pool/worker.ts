/**
 * Entry of every pool worker: loads the extra operation modules and shared resources once, then runs one job
 * per task: decode and parse the body's bytes, validate it, and (unless the job only checks it) run the operation
 * and serialize its result, whose bytes are handed to the HTTP thread without a copy. Errors come back as data
 * (see WorkerOutcome) so their codes survive the thread boundary.
 */
import type { MessagePort } from 'node:worker_threads';
import { getHeapStatistics } from 'node:v8';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { AppError, toErrorResponse } from '../errors.js';
import type { Operation } from '../operations/operation.js';
import { setOperationLimits } from '../operations/operation-limits.js';
import { loadOperation } from '../operations/registry.js';
import { parseRequestBytes } from '../operations/request-body.js';
import { serializeViews } from '../operations/result-views.js';
import { declaredTimeLimitSeconds } from './declared-time-limit.js';
import { WORKER_HEAP_REPORT_MS, type JobResult, type LaneWorkerSetup, type WorkerHeap, type WorkerJob, type WorkerMessage, type WorkerOutcome, type WorkerStartup } from './messages.js';
import { ownBytes, spansItsBuffer } from './thread-bytes.js';
import { lowerThreadPriority } from './thread-priority.js';
import { attachWorkerResources, setWorkerResource } from './worker-resources.js';
import { QUEUED_TASKS } from './queued-tasks.js';

const setup = workerData as LaneWorkerSetup;

/**
 * Detaches a buffer before any code is optimized. V8 compiles typed-array code on the promise that no buffer was
 * ever detached in this thread, and the first result moved to the HTTP thread breaks it: every optimized
 * function that reads a typed array (snapping, kernels' views, the matrix writer) is thrown away at the end of
 * the first request and compiled again during the next. Broken here, the warm-up compiles code that stays.
 */
function breakDetachPromise(): void {
  const buffer = new ArrayBuffer(8);
  structuredClone(buffer, { transfer: [buffer] });
}

breakDetachPromise();

lowerThreadPriority(setup.niceness);
setOperationLimits(setup.limits);
setWorkerResource(QUEUED_TASKS, setup.queuedTasks);

const ready = (async () => {
  for (const url of [...setup.resourceModules, ...setup.extraOperationModules]) await import(url);
  await attachWorkerResources(setup.resources, setup.warmUp);
})();

ready.then(
  () => announceStartup({ kind: 'worker-started' }),
  (error: unknown) => announceStartup({ kind: 'worker-failed', detail: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
);

function announceStartup(startup: WorkerStartup): void {
  parentPort?.postMessage(startup);
}

function reportHeap(): void {
  const { used_heap_size: usedBytes, total_heap_size: totalBytes } = getHeapStatistics();
  const heap: WorkerHeap = { kind: 'worker-heap', threadId, usedBytes, totalBytes };
  parentPort?.postMessage(heap);
}

reportHeap();
setInterval(reportHeap, WORKER_HEAP_REPORT_MS).unref();

function send(port: MessagePort | undefined, message: WorkerMessage): void {
  port?.postMessage(message);
}

/** Reports the body valid and waits for the HTTP thread's verdict; a closed port means no. */
function admitted(port: MessagePort): Promise<boolean> {
  const verdict = new Promise<boolean>((resolve) => {
    port.once('message', (run: boolean) => resolve(run));
    port.once('close', () => resolve(false));
  });
  send(port, { kind: 'valid' });
  return verdict;
}

function serialized(operation: Operation, result: unknown, accept: string | undefined): JobResult {
  const encoded = operation.encode?.(result, accept);
  // Copied only when the encoder's bytes are a view into a larger buffer, which cannot be transferred.
  if (encoded) return { encoded: { contentType: encoded.contentType, body: ownBytes(encoded.body) } };
  return { views: serializeViews(operation, result) };
}

/** The buffers of a result's bytes, each its own and used by nothing else here: they can be moved, not copied. */
function movableBuffersOf(result: JobResult): ArrayBuffer[] {
  const bytes = !result ? [] : 'encoded' in result ? [result.encoded.body] : Object.values(result.views);
  return [...new Set(bytes.filter(spansItsBuffer).map((view) => view.buffer as ArrayBuffer))];
}

/** The outcome, its result's bytes transferred to the HTTP thread rather than copied (a plan's JSON is megabytes). */
function handedOver(outcome: WorkerOutcome): WorkerOutcome {
  const buffers = outcome.ok ? movableBuffersOf(outcome.result) : [];
  if (buffers.length === 0) return outcome;
  const handed = { [transferableSymbol]: buffers, [valueSymbol]: outcome } as Parameters<typeof move>[0];
  // Piscina sends the value and transfers the buffers; the HTTP thread receives the outcome itself.
  return move(handed) as unknown as WorkerOutcome;
}

async function outcomeOf(job: WorkerJob, signal: AbortSignal): Promise<JobResult> {
  await ready;
  const operation = await loadOperation(job.operation);
  if (!operation) throw new AppError('not_found_error', `Unknown operation ${job.operation}`);
  const body = parseRequestBytes(job.body);
  const request = operation.validate(body);
  if (job.mode === 'check') return undefined;
  if (job.mode === 'admit-then-run' && !(await admitted(job.port!))) return undefined;
  send(job.port, { kind: 'running', timeLimitSeconds: declaredTimeLimitSeconds(body, setup.limits.maxTimeLimitSeconds, operation.defaultTimeLimitSeconds) });
  const result = await operation.run(request, {
    signal,
    reportProgress: (fraction) => send(job.port, { kind: 'progress', fraction }),
  });
  return serialized(operation, result, job.accept);
}

export default async function runJob(job: WorkerJob): Promise<WorkerOutcome> {
  const controller = new AbortController();
  try {
    return handedOver({ ok: true, result: await outcomeOf(job, controller.signal) });
  } catch (error) {
    const outcome: WorkerOutcome = { ok: false, error: toErrorResponse(error) };
    if (!(error instanceof AppError)) outcome.detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    return outcome;
  } finally {
    job.port?.close();
  }
}
