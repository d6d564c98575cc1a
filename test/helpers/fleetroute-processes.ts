/**
 * Real Fleetroute processes on loopback for multi-process tests (API and worker roles sharing a TestRedis):
 * started, killed on purpose, restarted, and always stopped when the test ends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Test } from 'tap';
import { loadConfig } from '../../src/config.js';
import { writeAccounts } from './auth-fixtures.js';
import { testUser } from './test-server.js';

/** An account that may log in for a session (session-type usernames contain a colon). */
export const sessionUser = { username: 'acme:dispatch', password: 'dispatch password' };

const entry = new URL('../fixtures/fleetroute-process.js', import.meta.url).pathname;

export interface ProcessOptions {
  role: 'all' | 'api' | 'worker';
  redisUrl: string;
  env?: Record<string, string>;
}

export class FleetrouteProcess {
  url = '';
  output = '';
  #child: ChildProcess | undefined;

  constructor(
    readonly options: ProcessOptions,
    private readonly dataDir: string,
  ) {}

  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** Starts (again) and resolves once the process serves; its port changes with every start. */
  async start(): Promise<this> {
    const args = ['--role', this.options.role, '--redis', this.options.redisUrl, '--port', '0', '--data-dir', this.dataDir, '--workers', '1'];
    const env = {
      ...process.env,
      FLEETROUTE_BOOTSTRAP_USERNAME: testUser.username,
      FLEETROUTE_BOOTSTRAP_PASSWORD: testUser.password,
      FLEETROUTE_LOG_LEVEL: 'info',
      FLEETROUTE_TASK_LOCK_MS: '1000',
      FLEETROUTE_REDIRECT_INTERVAL_MS: '2000',
      ...this.options.env,
    };
    this.output = '';
    const child = spawn(process.execPath, [entry, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.#child = child;
    this.url = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer): void => {
        this.output += chunk.toString();
        const ready = /^ready (\S+)$/m.exec(this.output);
        if (ready) resolve(ready[1]!);
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`${this.options.role} exited with ${code}:\n${this.output.slice(-2000)}`)));
    });
    return this;
  }

  /** Ends the process with `signal` and resolves when it is gone, with its exit code. */
  stop(signal: NodeJS.Signals = 'SIGKILL'): Promise<number | null> {
    const child = this.#child;
    this.#child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child?.exitCode ?? null);
    return new Promise((resolve) => {
      child.once('exit', (code) => resolve(code));
      child.kill(signal);
    });
  }

  /** fetch with the test account's Basic credentials. */
  request(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (!headers.has('authorization')) headers.set('authorization', `Basic ${Buffer.from(`${testUser.username}:${testUser.password}`).toString('base64')}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    return fetch(`${this.url}${path}`, { ...init, headers, body: body ?? null, redirect: 'manual' });
  }

  /** A number from this process's /metrics, e.g. `fleetroute_worker_active_tasks`. */
  async metric(name: string): Promise<number> {
    const text = await (await fetch(`${this.url}/metrics`)).text();
    const line = text.split('\n').find((row) => row.startsWith(`${name} `));
    return line ? Number(line.split(' ')[1]) : NaN;
  }
}

/** Processes of one test, sharing a data folder (users file with `sessionUser`) and stopped at its end. */
export function processGroup(t: Test, redisUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleetroute-processes-'));
  const accounts = writeAccounts(loadConfig(['--data-dir', dataDir], {}).config, [sessionUser]);
  const all: FleetrouteProcess[] = [];
  t.teardown(async () => {
    await Promise.all(all.map((process) => process.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  });
  return async (role: ProcessOptions['role'], env: Record<string, string> = {}): Promise<FleetrouteProcess> => {
    await accounts;
    const process = new FleetrouteProcess({ role, redisUrl, env }, dataDir);
    all.push(process);
    return process.start();
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the task's status on `api` until `predicate` holds (or fails the wait after `timeoutMs`). */
export async function statusWhen(api: FleetrouteProcess, id: string, predicate: (status: string) => boolean, timeoutMs = 15_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await api.request(`/v1/tasks/${id}`);
    const body = (await response.json()) as Record<string, unknown>;
    if (response.ok && predicate(body.status as string)) return body;
    if (Date.now() > deadline) throw new Error(`task ${id} still ${JSON.stringify(body)} after ${timeoutMs} ms`);
    await sleep(100);
  }
}
