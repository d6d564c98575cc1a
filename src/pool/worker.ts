/**
 * Entry of every pool worker: loads the extra operation modules and shared resources once, then runs one
 * operation per task. Errors come back as data (see WorkerOutcome) so their codes survive the thread boundary.
 */
import { workerData } from 'node:worker_threads';
import { AppError, toErrorResponse } from '../errors.js';
import { setOperationLimits } from '../operations/operation-limits.js';
import { loadOperation } from '../operations/registry.js';
import type { WorkerJob, WorkerOutcome, WorkerSetup } from './messages.js';
import { attachWorkerResources } from './worker-resources.js';

const setup = workerData as WorkerSetup;

setOperationLimits(setup.limits);

const ready = (async () => {
  for (const url of [...setup.resourceModules, ...setup.extraOperationModules]) await import(url);
  await attachWorkerResources(setup.resources);
})();

export default async function runJob(job: WorkerJob): Promise<WorkerOutcome> {
  const controller = new AbortController();
  try {
    await ready;
    const operation = await loadOperation(job.operation);
    if (!operation) throw new AppError('not_found_error', `Unknown operation ${job.operation}`);
    const result = await operation.run(job.request, {
      signal: controller.signal,
      reportProgress: (fraction) => job.progressPort?.postMessage(fraction),
    });
    return { ok: true, result };
  } catch (error) {
    const outcome: WorkerOutcome = { ok: false, error: toErrorResponse(error) };
    if (!(error instanceof AppError)) outcome.detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    return outcome;
  } finally {
    job.progressPort?.close();
  }
}
