/**
 * A server in a process of its own, started through the `fleetroute` command with a bench account: for benches
 * where the load generator must not share the server's HTTP thread (isolation), or where the deployment is
 * several processes. Resolves once the server reports ready.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const bin = new URL('../src/cli/main.js', import.meta.url).pathname;
const credentials = { username: 'bench', password: 'bench-password' };

export interface RunningBenchServer {
  url: string;
  /** Credentials and the JSON content type, for POST requests. */
  headers: Record<string, string>;
  /** Processes serving it, for CPU accounting (bench/process-cpu.ts). */
  pids: number[];
  close(): Promise<void>;
}

/** Starts a server; every running one is a function of this shape, whatever its topology. */
export type StartBenchServer = () => Promise<RunningBenchServer>;

async function readyUrl(lines: AsyncIterable<string>): Promise<string | undefined> {
  let url: string | undefined;
  for await (const line of lines) {
    url = /listening on (http:\/\/\S+)/.exec(line)?.[1] ?? url;
    if (/is ready/.test(line)) return url;
  }
  return undefined;
}

/** `fleetroute serve` with `args` and `env` added to a bench account, a free port and a fresh users file. */
export async function startServerProcess(args: string[], env: Record<string, string> = {}): Promise<RunningBenchServer> {
  const home = mkdtempSync(join(tmpdir(), 'fleetroute-bench-'));
  const child = spawn(process.execPath, [bin, '--port', '0', ...args], {
    env: {
      ...process.env,
      FLEETROUTE_BOOTSTRAP_USERNAME: credentials.username,
      FLEETROUTE_BOOTSTRAP_PASSWORD: credentials.password,
      FLEETROUTE_USERS_FILE: join(home, 'users.json'),
      FLEETROUTE_LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    child.kill('SIGTERM');
    await exited;
    rmSync(home, { recursive: true, force: true });
  };
  const url = await readyUrl(createInterface({ input: child.stdout }));
  if (!url) {
    await close();
    throw new Error(`the server (${args.join(' ')}) exited before it was ready`);
  }
  child.stdout.resume();
  const authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  return { url, headers: { authorization, 'content-type': 'application/json' }, pids: [child.pid!], close };
}
