/**
 * Stops a task computation that outlives its time limit plus a grace period: a kernel stuck in a loop (or a
 * search that ignores its budget) would otherwise hold a task worker forever. The clock starts when the worker
 * reports that it computes (after validation and admission), and expiring aborts the job, which terminates the
 * worker (Piscina replaces it). The grace covers what a search's budget does not: travel matrices, timing the
 * plan found, serializing it.
 */
import { AppError } from '../errors.js';

export class TaskWatchdog {
  readonly #controller = new AbortController();
  readonly #graceMs: number;
  #timer: NodeJS.Timeout | undefined;
  #timeLimitSeconds = 0;

  constructor(graceMs: number) {
    this.#graceMs = graceMs;
  }

  /** Aborted when the time is up. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** Starts the clock: the computation may take `timeLimitSeconds` plus the grace. */
  arm(timeLimitSeconds: number): void {
    this.disarm();
    this.#timeLimitSeconds = timeLimitSeconds;
    this.#timer = setTimeout(() => this.#controller.abort(), timeLimitSeconds * 1000 + this.#graceMs).unref();
  }

  disarm(): void {
    clearTimeout(this.#timer);
  }

  /** What the task fails with once the watchdog stopped it. */
  expiredError(): AppError {
    return new AppError(
      'time_limit_exceeded_error',
      `The computation ran past its time limit of ${this.#timeLimitSeconds} s plus a grace of ${this.#graceMs / 1000} s and was stopped`,
      { extra: { time_limit_seconds: this.#timeLimitSeconds, grace_seconds: this.#graceMs / 1000 } },
    );
  }
}
