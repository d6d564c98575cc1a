import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import t from 'tap';
import { repoRoot } from '../helpers/shared-data.js';

const bin = join(repoRoot, 'dist/src/cli/main.js');

function run(args: string[], env: Record<string, string> = {}) {
  return spawn(process.execPath, [bin, ...args], { env: { ...process.env, FLEETROUTE_LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

async function exitOf(child: ReturnType<typeof run>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stdout, stderr };
}

t.test('--help documents the commands and every setting', async (t) => {
  const { code, stdout } = await exitOf(run(['--help']));
  t.equal(code, 0);
  t.match(stdout, /serve/);
  t.match(stdout, /users add\|remove\|list/);
  t.match(stdout, /FLEETROUTE_JWT_SECRET/);
});

t.test('an invalid setting stops the process with exit code 2 and a message', async (t) => {
  const { code, stderr } = await exitOf(run(['--port', 'nope']));
  t.equal(code, 2);
  t.match(stderr, /not a number/);
});

t.test('serve with no users file creates an admin account, prints its password once, and shuts down on SIGTERM', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleetroute-cli-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const child = run(['--port', '0', '--data-dir', dataDir, '--workers', '1']);
  const exited = exitOf(child);
  const lines = createInterface({ input: child.stdout });
  let url = '';
  let password = '';
  let ready = false;
  for await (const line of lines) {
    const created = /Created account "admin" with password "([^"]+)"/.exec(line);
    if (created) password = created[1]!;
    const listening = /listening on (http:\/\/\S+)/.exec(line);
    if (listening) url = listening[1]!;
    if (/is ready/.test(line)) {
      ready = true;
      break;
    }
  }
  if (!ready) {
    const { code, stderr } = await exited;
    t.fail(`the server never became ready (exit ${code}): ${stderr.slice(-2000)}`);
    return;
  }
  t.ok(password.length >= 16, 'a strong generated password was printed');
  const health = await fetch(`${url}/health`);
  t.equal(health.status, 200);
  const version = await fetch(`${url}/v1/version`, { headers: { authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}` } });
  t.equal(version.status, 200, 'the printed credentials work');
  child.kill('SIGTERM');
  const { code, stdout } = await exited;
  t.equal(code, 0, 'a graceful shutdown exits cleanly');
  t.notMatch(stdout, new RegExp(`${password}[\\s\\S]*${password}`), 'the password is shown only once');
});
