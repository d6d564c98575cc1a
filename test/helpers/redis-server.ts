/**
 * A real `redis-server` for a test: its own free port and temporary folder, append-only persistence, stopped
 * (and restartable on the same port and data, for restart tests) by the test. When the binary is missing the test
 * is skipped with a message, unless FLEETROUTE_REQUIRE_REDIS=1 (CI sets it) makes that a failure.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const binary = process.env.FLEETROUTE_REDIS_SERVER ?? 'redis-server';

/** false when a redis-server can run here, otherwise the reason to skip; throws when CI requires one. */
export function redisSkip(): false | string {
  const found = spawnSync(binary, ['--version'], { stdio: 'ignore' }).status === 0;
  if (found) return false;
  if (process.env.FLEETROUTE_REQUIRE_REDIS === '1') throw new Error(`FLEETROUTE_REQUIRE_REDIS=1 but ${binary} cannot run`);
  return `${binary} is not installed (apt-get install redis-server)`;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export class TestRedis {
  readonly url: string;
  #process: ChildProcess | undefined;

  private constructor(
    readonly port: number,
    readonly dir: string,
    readonly fsync: 'always' | 'everysec',
  ) {
    this.url = `redis://127.0.0.1:${port}`;
  }

  /**
   * `always` (tests: a SIGKILL loses nothing acknowledged) or `everysec` (Redis's default, for benchmarks: up to
   * a second of writes at risk, see docs/scale-out.md).
   */
  static async start(fsync: 'always' | 'everysec' = 'always'): Promise<TestRedis> {
    const redis = new TestRedis(await freePort(), mkdtempSync(join(tmpdir(), 'fleetroute-redis-')), fsync);
    await redis.restart();
    return redis;
  }

  get pid(): number | undefined {
    return this.#process?.pid;
  }

  /** Starts (again) on the same port and data folder; resolves when it accepts connections. */
  async restart(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--appendonly', 'yes', '--appendfsync', this.fsync, '--save', '', '--daemonize', 'no'];
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    this.#process = child;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output.slice(-500)}`)));
    });
    child.stdout!.resume();
  }

  /** Stops the server: SIGKILL to lose what was not fsynced, SIGTERM for a clean stop. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.#process;
    this.#process = undefined;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }

  async close(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
