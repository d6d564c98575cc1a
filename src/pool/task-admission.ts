/**
 * A task's body is validated before the task exists, so that a bad request is answered 400 at once and never
 * becomes a task. When a task-lane worker is free, that worker validates the body and holds the validated
 * request until the HTTP thread has created the task (or refused it: 429), then computes it: the body is
 * parsed and validated exactly once, in the thread that runs it. When every task worker is busy, the task would
 * wait in the queue anyway: the fast lane checks the body at once, and the task worker validates it again when
 * the task's turn comes, a cost hidden behind the wait.
 *
 * Once admitted, a task is watched (src/pool/task-watchdog.ts) and survives one crash of its worker thread: it
 * is computed again from its body by another worker; a second crash fails it with internal_server_error.
 */
import { AppError } from '../errors.js';
import type { ResultViews } from '../operations/result-views.js';
import { JobChannel } from './job-channel.js';
import { WorkerCrashed, type Lane } from './lane.js';
import type { JobResult, WorkerJob } from './messages.js';

export interface RunOptions {
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
  /** Called when a worker starts computing (a task may wait for one first); again if a retry starts. */
  onRunning?: () => void;
}

/** A task whose body passed validation, waiting for the caller's decision. */
export interface AdmittedTask {
  /** Computes the task; aborting the admission's signal stops it. */
  run(): Promise<ResultViews>;
  /** Gives the task up without computing it (the caller refused it), freeing the worker that may hold it. */
  drop(): void;
}

export interface Lanes {
  sync: Lane;
  task: Lane;
  /** What a task may compute past its time limit before its watchdog stops it. */
  watchdogGraceMs: number;
}

function viewsOf(result: JobResult): ResultViews {
  if (!result || !('views' in result)) throw new Error('a task computed no result views');
  return result.views;
}

/** One attempt at a task job in the task lane, under its watchdog. */
async function runInTaskLane(lane: Lane, job: WorkerJob, channel: JobChannel, signal: AbortSignal | undefined): Promise<JobResult> {
  const { watchdog } = channel;
  try {
    return await lane.run({ ...job, port: channel.workerPort }, signal ? AbortSignal.any([signal, watchdog.signal]) : watchdog.signal);
  } catch (error) {
    if (watchdog.signal.aborted && !signal?.aborted) throw watchdog.expiredError();
    throw error;
  } finally {
    channel.close();
  }
}

/** Computes an admitted task from its body (validated again) in whichever task worker is free. */
function runAdmitted(lanes: Lanes, operation: string, body: Uint8Array, options: RunOptions): Promise<JobResult> {
  const channel = new JobChannel({ onProgress: options.onProgress, onRunning: options.onRunning }, lanes.watchdogGraceMs);
  return runInTaskLane(lanes.task, { operation, body, mode: 'run' }, channel, options.signal);
}

/** Runs an admitted task's body again when the worker computing `first` died; a second death fails the task. */
async function retriedAfterCrash(lanes: Lanes, operation: string, body: Uint8Array, options: RunOptions, first: Promise<JobResult>): Promise<ResultViews> {
  try {
    return viewsOf(await first);
  } catch (error) {
    if (!(error instanceof WorkerCrashed) || options.signal?.aborted) throw error;
  }
  try {
    return viewsOf(await runAdmitted(lanes, operation, body, options));
  } catch (error) {
    if (error instanceof WorkerCrashed) throw new AppError('internal_server_error', 'The worker threads computing this task died twice; it was given up');
    throw error;
  }
}

async function admitInFastLane(lanes: Lanes, operation: string, body: Uint8Array, options: RunOptions): Promise<AdmittedTask> {
  await lanes.sync.run({ operation, body, mode: 'check' });
  return {
    run: () => retriedAfterCrash(lanes, operation, body, options, runAdmitted(lanes, operation, body, options)),
    drop: () => {},
  };
}

function admitInTaskWorker(lanes: Lanes, operation: string, body: Uint8Array, options: RunOptions): Promise<AdmittedTask> {
  return new Promise((resolve, reject) => {
    const channel = new JobChannel({
      onProgress: options.onProgress,
      onRunning: options.onRunning,
      onValid: () =>
        resolve({
          run: () => {
            channel.admit(true);
            return retriedAfterCrash(lanes, operation, body, options, computed);
          },
          drop: () => channel.admit(false),
        }),
    }, lanes.watchdogGraceMs);
    const computed = runInTaskLane(lanes.task, { operation, body, mode: 'admit-then-run' }, channel, options.signal);
    // Rejects the admission when validation fails; after admission, `run`'s caller sees any failure.
    computed.catch(reject);
  });
}

/**
 * Computes a task already accepted elsewhere (a queued task's body, validated by the API that took it): the task
 * worker validates it as it parses it, with no admission step, and a crash is retried as for an admitted task.
 */
export function runAcceptedTask(lanes: Lanes, operation: string, body: Uint8Array, options: RunOptions): Promise<ResultViews> {
  return retriedAfterCrash(lanes, operation, body, options, runAdmitted(lanes, operation, body, options));
}

export function admitTask(lanes: Lanes, operation: string, body: Uint8Array, options: RunOptions): Promise<AdmittedTask> {
  return lanes.task.hasIdleWorker() ? admitInTaskWorker(lanes, operation, body, options) : admitInFastLane(lanes, operation, body, options);
}
