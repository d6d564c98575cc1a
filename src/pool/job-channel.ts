/**
 * The HTTP thread's end of one task job's port: the worker's progress reports, its `valid` (body validated,
 * waiting for admission) and its `running` (which starts the job's watchdog) come in; the admission verdict goes
 * out. `workerPort` is transferred with the job.
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { WorkerMessage } from './messages.js';
import { TaskWatchdog } from './task-watchdog.js';

export interface JobListeners {
  onProgress?: ((fraction: number) => void) | undefined;
  onValid?: () => void;
  onRunning?: (() => void) | undefined;
}

export class JobChannel {
  readonly workerPort: MessagePort;
  readonly watchdog: TaskWatchdog;
  readonly #port: MessagePort;

  constructor(listeners: JobListeners, watchdogGraceMs: number) {
    const { port1, port2 } = new MessageChannel();
    this.watchdog = new TaskWatchdog(watchdogGraceMs);
    port1.on('message', (message: WorkerMessage) => {
      if (message.kind === 'progress') listeners.onProgress?.(message.fraction);
      else if (message.kind === 'valid') listeners.onValid?.();
      else {
        this.watchdog.arm(message.timeLimitSeconds);
        listeners.onRunning?.();
      }
    });
    this.#port = port1;
    this.workerPort = port2;
  }

  /** Tells a worker waiting for admission whether to compute. */
  admit(run: boolean): void {
    this.#port.postMessage(run);
  }

  close(): void {
    this.watchdog.disarm();
    this.#port.close();
  }
}
