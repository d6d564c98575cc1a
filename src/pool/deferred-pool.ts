/**
 * The pool as the HTTP layer sees it while the service is still loading: the real pool needs the loaded map in
 * its workers' setup, so it is created later; until then computations are refused with 503.
 */
import { AppError } from '../errors.js';
import type { RunOptions, WorkerPool } from './pool.js';

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

  runSync(operation: string, request: unknown, options?: RunOptions): Promise<unknown> {
    return this.ready().runSync(operation, request, options);
  }

  runTask(operation: string, request: unknown, options?: RunOptions): Promise<unknown> {
    return this.ready().runTask(operation, request, options);
  }

  utilization(): { sync: number; task: number } {
    return this.pool?.utilization() ?? { sync: 0, task: 0 };
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }
}
