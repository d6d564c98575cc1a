/**
 * The pool as the HTTP layer sees it while the service is still loading: the real pool needs the loaded map in
 * its workers' setup, so it is created later; until then computations are refused with 503.
 */
import { AppError } from '../errors.js';
import type { ResultViews } from '../operations/result-views.js';
import type { ComputedResult, LaneHeap } from './messages.js';
import type { AdmittedTask, RunOptions, WorkerPool } from './pool.js';

export class DeferredPool implements WorkerPool {
  private pool: WorkerPool | undefined;

  /** Makes the real pool serve every later call. */
  resolve(pool: WorkerPool): void {
    this.pool = pool;
  }

  private ready(): WorkerPool {
    if (!this.pool) throw new AppError('service_unavailable_error', 'The service is still loading its map; try again shortly');
    return this.pool;
  }

  async runSync(operation: string, body: string, accept?: string): Promise<ComputedResult> {
    return this.ready().runSync(operation, body, accept);
  }

  async check(operation: string, body: string): Promise<void> {
    return this.ready().check(operation, body);
  }

  async runTask(operation: string, body: string, options: RunOptions): Promise<ResultViews> {
    return this.ready().runTask(operation, body, options);
  }

  async admitTask(operation: string, body: string, options: RunOptions): Promise<AdmittedTask> {
    return this.ready().admitTask(operation, body, options);
  }

  utilization(): { sync: number; task: number } {
    return this.pool?.utilization() ?? { sync: 0, task: 0 };
  }

  heap(): { sync: LaneHeap; task: LaneHeap } {
    const none = { usedBytes: 0, totalBytes: 0 };
    return this.pool?.heap() ?? { sync: none, task: none };
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }
}
