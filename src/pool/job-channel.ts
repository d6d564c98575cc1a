/**
 * The HTTP thread's end of a task job's port: the worker's progress reports and its `valid` (body validated,
 * waiting for admission) come in; the admission verdict goes out. `workerPort` is transferred with the job.
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { WorkerMessage } from './messages.js';

export class JobChannel {
  readonly workerPort: MessagePort;
  readonly #port: MessagePort;

  constructor(onProgress: ((fraction: number) => void) | undefined, onValid?: () => void) {
    const { port1, port2 } = new MessageChannel();
    port1.on('message', (message: WorkerMessage) => (message.kind === 'progress' ? onProgress?.(message.fraction) : onValid?.()));
    this.#port = port1;
    this.workerPort = port2;
  }

  /** Tells a worker waiting for admission whether to compute. */
  admit(run: boolean): void {
    this.#port.postMessage(run);
  }

  close(): void {
    this.#port.close();
  }
}
