/** Starts a real server on a free loopback port with a bootstrap account and the test-only operations. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../src/config.js';
import { writeAccounts } from './auth-fixtures.js';
import type { ResourceLoader } from '../../src/server/resource-loaders.js';
import { startServer, type RunningServer } from '../../src/server/server.js';

export const testUser = { username: 'tester', password: 'correct horse battery staple' };

export interface TestServer {
  baseUrl: string;
  config: Config;
  server: RunningServer;
  /** `Authorization: Basic …` for the bootstrap account (or the given credentials). */
  basic(username?: string, password?: string): string;
  /** fetch against the server with the bootstrap account's Basic credentials unless `auth: false`. */
  request(path: string, init?: RequestInit & { auth?: boolean; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

const testOperations = new URL('../fixtures/test-operations.js', import.meta.url).href;

export interface TestServerOptions {
  env?: Record<string, string>;
  args?: string[];
  /** What the server loads before computing; nothing by default, so tests that need no map start fast. */
  resourceLoaders?: ResourceLoader[];
  /** Extra accounts written to the users file before the server starts. */
  accounts?: Array<{ username: string; password: string; jwt?: boolean }>;
  /** Resolve only once the resources are loaded (default); false to observe the loading state. */
  waitUntilReady?: boolean;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleetroute-test-'));
  const env = {
    FLEETROUTE_BOOTSTRAP_USERNAME: testUser.username,
    FLEETROUTE_BOOTSTRAP_PASSWORD: testUser.password,
    FLEETROUTE_LOG_LEVEL: 'silent',
    FLEETROUTE_WORKERS: '2',
    ...options.env,
  };
  const { config } = loadConfig(['--port', '0', '--data-dir', dataDir, ...(options.args ?? [])], env);
  if (options.accounts) await writeAccounts(config, options.accounts);
  const server = await startServer(config, {
    extraOperationModules: [testOperations],
    resourceLoaders: options.resourceLoaders ?? [],
    announce: () => {},
  });
  if (options.waitUntilReady ?? true) await server.ready;
  const basic = (username = testUser.username, password = testUser.password): string =>
    `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  return {
    baseUrl: server.url,
    config,
    server,
    basic,
    request(path, init = {}) {
      const { auth = true, json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (auth && !headers.has('authorization')) headers.set('authorization', basic());
      if (json !== undefined) headers.set('content-type', 'application/json');
      return fetch(`${server.url}${path}`, { redirect: 'manual', ...rest, headers, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) });
    },
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
