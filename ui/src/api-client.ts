/**
 * The page's client of the public API: a session from the login service, sent as `X-Service-Session-Id` on
 * every /v1 request, tasks followed by long polls on their status, results read in their two views.
 */
export type Json = Record<string, any>;

export class ApiError extends Error {
  constructor(readonly status: number, readonly body: Json) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${status}`);
  }

  /** Every fault the answer lists, one line each, as the dispatcher needs to fix them. */
  details(): string[] {
    const errors = Array.isArray(this.body.errors) ? (this.body.errors as Json[]) : [];
    return errors.map((error) => `${String(error.property)}: ${String(error.message)}`);
  }
}

export type TaskStatus = 'queued' | 'running' | 'completed' | 'failed' | 'canceled';
export type ProgressListener = (status: TaskStatus, progress: number | undefined) => void;

const SESSION_KEY = 'fleetroute.session';

export class ApiClient {
  #sessionId = sessionStorage.getItem(SESSION_KEY) ?? undefined;

  /** Called when the service refuses the session (expired, or the account removed). */
  onLoggedOut: () => void = () => undefined;

  get loggedIn(): boolean {
    return this.#sessionId !== undefined;
  }

  async login(username: string, password: string): Promise<void> {
    const response = await fetch('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password, application: 'session' }),
    });
    const body = (await response.json()) as Json;
    if (!response.ok) throw new ApiError(response.status, body);
    this.#sessionId = String(body.sessionId);
    sessionStorage.setItem(SESSION_KEY, this.#sessionId);
  }

  logout(): void {
    this.#sessionId = undefined;
    sessionStorage.removeItem(SESSION_KEY);
    this.onLoggedOut();
  }

  async get(path: string): Promise<Json> {
    return this.#request(path, { method: 'GET' });
  }

  async post(path: string, body: unknown): Promise<Json> {
    return this.#request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }

  /** Starts a task operation, reports its status until it ends, and answers its result (and the task id). */
  async runTask(operation: string, body: unknown, onProgress: ProgressListener = () => undefined): Promise<{ taskId: string; result: Json }> {
    const redirect = await this.post(`/v1/${operation}`, body);
    const taskId = String(redirect.task_id);
    let status: Json = { status: 'queued' };
    while (status.status === 'queued' || status.status === 'running') {
      onProgress(status.status as TaskStatus, status.progress as number | undefined);
      const after = typeof status.last_status_time === 'string' ? `?after=${encodeURIComponent(status.last_status_time)}` : '';
      status = await this.get(`/v1/tasks/${taskId}${after}`);
    }
    onProgress(status.status as TaskStatus, 1);
    return { taskId, result: await this.get(`/v1/tasks/${taskId}/result`) };
  }

  /** A task operation whose answer is wanted at once (geocoding suggestions). */
  async waitFor(operation: string, body: unknown): Promise<Json> {
    return this.post(`/v1/${operation}?wait=1`, body);
  }

  async #request(path: string, init: RequestInit): Promise<Json> {
    const headers = new Headers(init.headers);
    if (this.#sessionId) headers.set('x-service-session-id', this.#sessionId);
    const response = await fetch(path, { ...init, headers });
    const body = (await response.json()) as Json;
    if (response.status === 401) this.logout();
    if (!response.ok) throw new ApiError(response.status, body);
    return body;
  }
}
