/**
 * A task's body is validated before the task exists, so that a bad request is answered 400 at once and never
 * becomes a task. When a task-lane worker is free, that worker validates the body and holds the validated
 * request until the HTTP thread has created the task (or refused it: 429), then computes it: the body is
 * parsed and validated exactly once, in the thread that runs it. When every task worker is busy, the task would
 * wait in the queue anyway: the fast lane checks the body at once, and the task worker validates it again when
 * the task's turn comes, a cost hidden behind the wait.
 */
import type { ResultViews } from '../operations/result-views.js';
import { JobChannel } from './job-channel.js';
import type { Lane } from './lane.js';
import type { JobResult, WorkerJob } from './messages.js';

export interface RunOptions {
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
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
}

function viewsOf(result: JobResult): ResultViews {
  if (!result || !('views' in result)) throw new Error('a task computed no result views');
  return result.views;
}

async function runInTaskLane(lane: Lane, job: WorkerJob, channel: JobChannel, signal: AbortSignal | undefined): Promise<JobResult> {
  try {
    return await lane.run({ ...job, port: channel.workerPort }, signal);
  } finally {
    channel.close();
  }
}

async function admitInFastLane(lanes: Lanes, operation: string, body: string, options: RunOptions): Promise<AdmittedTask> {
  await lanes.sync.run({ operation, body, mode: 'check' });
  return {
    run: () => runInTaskLane(lanes.task, { operation, body, mode: 'run' }, new JobChannel(options.onProgress), options.signal).then(viewsOf),
    drop: () => {},
  };
}

function admitInTaskWorker(lane: Lane, operation: string, body: string, options: RunOptions): Promise<AdmittedTask> {
  return new Promise((resolve, reject) => {
    const channel = new JobChannel(options.onProgress, () =>
      resolve({
        run: () => {
          channel.admit(true);
          return computed.then(viewsOf);
        },
        drop: () => channel.admit(false),
      }));
    const computed = runInTaskLane(lane, { operation, body, mode: 'admit-then-run' }, channel, options.signal);
    // Rejects the admission when validation fails; after admission, `run`'s caller sees any failure.
    computed.catch(reject);
  });
}

export function admitTask(lanes: Lanes, operation: string, body: string, options: RunOptions): Promise<AdmittedTask> {
  return lanes.task.hasIdleWorker() ? admitInTaskWorker(lanes.task, operation, body, options) : admitInFastLane(lanes, operation, body, options);
}
