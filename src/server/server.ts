/**
 * The composition root: accounts, task store, worker pool, task runner and HTTP app, started in that order and
 * stopped in reverse. The server listens at once and reports ready on /health when its resources are loaded.
 */
import type { FastifyInstance } from 'fastify';
import { createAuthenticator } from '../auth/authenticator.js';
import type { Config } from '../config.js';
import { buildApp } from '../http/app.js';
import type { ServiceState } from '../http/service-state.js';
import type { Operation } from '../operations/operation.js';
import { loadOperation, operationNames } from '../operations/registry.js';
import { createWorkerPool } from '../pool/pool.js';
import { MemoryTaskStore } from '../tasks/memory-task-store.js';
import { TaskRunner } from '../tasks/task-runner.js';
import { buildInfo } from './build-info.js';

export interface ServerOptions {
  /** Modules that register extra operations (`registerOperation`) in the HTTP thread and in every worker. */
  extraOperationModules?: string[];
  /** Lines for the operator (stdout): the listening address, a created admin account. */
  announce?: (line: string) => void;
}

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  state: ServiceState;
  close(): Promise<void>;
}

/** How long running tasks may finish during a graceful shutdown before they are canceled. */
const shutdownGraceMs = 10_000;

async function loadOperations(extraOperationModules: string[]): Promise<Map<string, Operation>> {
  for (const url of extraOperationModules) await import(url);
  const operations = new Map<string, Operation>();
  for (const name of operationNames()) {
    const operation = await loadOperation(name);
    if (operation) operations.set(name, operation);
  }
  return operations;
}

export async function startServer(config: Config, options: ServerOptions = {}): Promise<RunningServer> {
  const announce = options.announce ?? ((line: string) => console.log(line));
  const extraOperationModules = options.extraOperationModules ?? [];
  const { authenticator, createdAdmin } = await createAuthenticator(config, announce);
  if (createdAdmin) announce(`Created account "${createdAdmin.username}" with password "${createdAdmin.password}" (shown once)`);

  const state: ServiceState = { ready: false, map: null, ...buildInfo() };
  const store = new MemoryTaskStore(config.resultTtlSeconds);
  let app: FastifyInstance | undefined;
  const pool = createWorkerPool({
    workers: config.workers,
    setup: { extraOperationModules, resources: {} },
    onInternalError: (operation, detail) => app?.log.error({ operation, detail }, 'operation failed unexpectedly'),
  });
  const runner = new TaskRunner({
    store,
    pool,
    maxTasksPerAccount: config.maxTasksPerAccount,
    onInternalError: (taskId, error) => app?.log.error({ taskId, err: error }, 'task failed unexpectedly'),
  });
  const operations = await loadOperations(extraOperationModules);
  app = await buildApp({ config, authenticator, store, runner, pool, operations, state });
  const url = await app.listen({ host: config.host, port: config.port });
  state.ready = true;

  const server = app;
  return {
    app: server,
    url,
    state,
    async close() {
      await server.close();
      await runner.shutdown(shutdownGraceMs);
      await pool.close();
      await store.close();
      await authenticator.close();
    },
  };
}
