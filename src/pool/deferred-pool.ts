/**
 * The pool as the HTTP layer sees it over the service's life. While the service is still loading, the real pool
 * does not exist yet (it needs the loaded map in its workers' setup) and computations are refused with 503. When
 * the map is replaced (docs/routing-service.md, Replacing the map), the new map's pool takes every later call
 * while the old one finishes what it had started, including tasks admitted but not yet run, and only then is
 * closed: its threads and the map memory they held are released.
 */
import { AppError } from '../errors.js';
import type { ResultViews } from '../operations/result-views.js';
import type { ComputedResult, LaneHeap } from './messages.js';
import type { AdmittedTask, RunOptions, WorkerPool } from './pool.js';

/** A pool with the number of calls (and admitted tasks) it still has to finish. */
class ServingPool {
  #inFlight = 0;
  #idle: (() => void) | undefined;

  constructor(readonly pool: WorkerPool) {}

  /** Counts `call` as in flight until it settles. */
  async use<T>(call: (pool: WorkerPool) => Promise<T>): Promise<T> {
    this.#inFlight++;
    try {
      return await call(this.pool);
    } finally {
      this.#release();
    }
  }

  /** An admitted task stays in flight until it has run or been dropped. */
  async admit(operation: string, body: Uint8Array, options: RunOptions): Promise<AdmittedTask> {
    this.#inFlight++;
    let admitted: AdmittedTask;
    try {
      admitted = await this.pool.admitTask(operation, body, options);
    } catch (error) {
      this.#release();
      throw error;
    }
    let settled = false;
    const settle = (): void => {
      if (settled) return;
      settled = true;
      this.#release();
    };
    return {
      run: () => admitted.run().finally(settle),
      drop: () => {
        admitted.drop();
        settle();
      },
    };
  }

  /** Resolves once nothing started on this pool is still running, then closes it. */
  async retire(): Promise<void> {
    if (this.#inFlight > 0) await new Promise<void>((resolve) => (this.#idle = resolve));
    await this.pool.close();
  }

  #release(): void {
    this.#inFlight--;
    if (this.#inFlight === 0) this.#idle?.();
  }
}

export class DeferredPool implements WorkerPool {
  private serving: ServingPool | undefined;

  /** Makes the real pool serve every later call. */
  resolve(pool: WorkerPool): void {
    this.serving = new ServingPool(pool);
  }

  /** Makes `next` serve every later call; resolves once the pool it replaced has finished its work and closed. */
  async replace(next: WorkerPool): Promise<void> {
    const previous = this.serving;
    this.resolve(next);
    await previous?.retire();
  }

  private ready(): ServingPool {
    if (!this.serving) throw new AppError('service_unavailable_error', 'The service is still loading its map; try again shortly');
    return this.serving;
  }

  async runSync(operation: string, body: Uint8Array, accept?: string): Promise<ComputedResult> {
    return this.ready().use((pool) => pool.runSync(operation, body, accept));
  }

  async check(operation: string, body: Uint8Array): Promise<void> {
    return this.ready().use((pool) => pool.check(operation, body));
  }

  async runTask(operation: string, body: Uint8Array, options: RunOptions): Promise<ResultViews> {
    return this.ready().use((pool) => pool.runTask(operation, body, options));
  }

  async admitTask(operation: string, body: Uint8Array, options: RunOptions): Promise<AdmittedTask> {
    return this.ready().admit(operation, body, options);
  }

  utilization(): { sync: number; task: number } {
    return this.serving?.pool.utilization() ?? { sync: 0, task: 0 };
  }

  heap(): { sync: LaneHeap; task: LaneHeap } {
    const none = { usedBytes: 0, totalBytes: 0 };
    return this.serving?.pool.heap() ?? { sync: none, task: none };
  }

  async close(): Promise<void> {
    await this.serving?.pool.close();
  }
}
