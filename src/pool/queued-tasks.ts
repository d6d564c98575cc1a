/**
 * How many jobs of a lane wait for a worker, in memory the lane's workers share: the lane writes it as jobs
 * come and go, and a solve's helper search threads read it to give way to the waiting task (search-threads.ts),
 * which they could not learn from the pool otherwise without a message round trip per chunk.
 */
import { workerResource } from './worker-resources.js';

/** The worker resource under which each worker finds its lane's counter. */
export const QUEUED_TASKS = 'queued-tasks';

export function queuedTasksCounter(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
}

export function publishQueuedTasks(counter: Int32Array, inFlight: number, threads: number): void {
  Atomics.store(counter, 0, Math.max(0, inFlight - threads));
}

export function tasksAreQueued(counter: Int32Array): boolean {
  return Atomics.load(counter, 0) > 0;
}

/** This worker's lane's counter; none outside the pool (the CLI, tests that call the solver directly). */
export function laneQueuedTasks(): Int32Array | undefined {
  return workerResource<Int32Array>(QUEUED_TASKS);
}
