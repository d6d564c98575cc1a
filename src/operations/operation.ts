/**
 * An operation is the work behind one endpoint (evaluate, build, path, matrix…). The HTTP thread only forwards
 * the request body's text: `validate` and `run` both execute inside the same pool worker, which parses the body
 * once, validates it once and runs on the validated request. They receive plain data and return plain data.
 */
export interface OperationContext {
  /** Aborted when the task is canceled or the service shuts down: long loops must check it. */
  signal: AbortSignal;
  /** Progress of the computation in [0, 1], shown in the task status. */
  reportProgress(fraction: number): void;
}

/** The query parameters of the request that fetches a result. */
export type Query = Record<string, string | undefined>;

export interface Operation<Request = unknown, Result = unknown> {
  /** The endpoint name under /v1/ (`evaluate`, `path`…). */
  name: string;
  /** JSON schema of the request body, published in /docs; `validate` checks bodies against this same schema. */
  requestSchema: Record<string, unknown>;
  /** JSON schema of the result, published in /docs (of its default view when the result has several). */
  responseSchema: Record<string, unknown>;
  /**
   * The search budget when the body declares no `settings.time_limit_seconds` (build, optimize, sequence); the pool's
   * watchdog allows a task this long plus its grace (src/pool/declared-time-limit.ts). None: the server's maximum.
   */
  defaultTimeLimitSeconds?: number;
  /** `task`: answered through the task machinery (docs/api.md, Tasks); `sync`: answered directly, in the fast lane. */
  kind: 'task' | 'sync';
  /**
   * Checks the parsed body and returns the request to run. Throws `validationFailed` (src/errors.ts) listing
   * every fault: the client gets that 400 before any task is created (src/pool/task-admission.ts).
   */
  validate(body: unknown): Request;
  /** Executes in a worker. Throws AppError for failures the caller should see (they keep their status). */
  run(request: Request, context: OperationContext): Promise<Result>;
  /**
   * For results made of several views, one property each (a plan's `answer` and `aggregates`): the view the
   * query of the fetching request asks for (e.g. `aggregate=1`). Without it the whole result is the one view.
   * Each view is serialized on its own (src/operations/result-views.ts), so the chosen one is sent as stored.
   */
  viewOf?(query: Query): string;
  /**
   * Encodes a result as bytes in the media type the client asked for with `Accept` (e.g. MessagePack), or writes
   * the JSON of a result too large to build as objects first (a matrix); undefined keeps the default JSON views.
   * Runs in the worker, for synchronous operations.
   */
  encode?(result: unknown, accept: string | undefined): { contentType: string; body: Uint8Array } | undefined;
}
