/**
 * An operation is the work behind one endpoint (evaluate, build, path, matrix…). The HTTP thread only parses
 * and validates; `run` executes inside a pool worker, so it receives plain data and returns plain data.
 */
export interface OperationContext {
  /** Aborted when the task is canceled or the service shuts down: long loops must check it. */
  signal: AbortSignal;
  /** Progress of the computation in [0, 1], shown in the task status. */
  reportProgress(fraction: number): void;
}

export interface Operation<Request = unknown, Result = unknown> {
  /** The endpoint name under /v1/ (`evaluate`, `path`…). */
  name: string;
  /** JSON schema of the request body, published in /docs; `validate` checks bodies against this same schema. */
  requestSchema?: Record<string, unknown>;
  /** `task`: answered through the task machinery (extensions §2); `sync`: answered directly, in the fast lane. */
  kind: 'task' | 'sync';
  /**
   * Checks the body on the HTTP thread and returns the request to run. Throws `validationFailed` (src/errors.ts)
   * listing every fault. Must be cheap: anything heavy belongs in `run`.
   */
  validate(body: unknown): Request;
  /** Executes in a worker. Throws AppError for failures the caller should see (they keep their status). */
  run(request: Request, context: OperationContext): Promise<Result>;
  /** Reshapes a finished result for the query of the request that fetches it (e.g. `aggregate=1`). */
  present?(result: Result, query: Record<string, string | undefined>): unknown;
  /**
   * Encodes a result in a media type the client asked for with `Accept` (e.g. MessagePack); undefined keeps
   * the default JSON.
   */
  encode?(result: unknown, accept: string | undefined): { contentType: string; body: Buffer } | undefined;
}
