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
import { setOperationLimits, type OperationLimits } from '../operations/operation-limits.js';
import { loadOperation, operationNames } from '../operations/registry.js';
import { DeferredPool } from '../pool/deferred-pool.js';
import { createWorkerPool } from '../pool/pool.js';
import { MemoryTaskStore } from '../tasks/memory-task-store.js';
import { LocalTaskRunner } from '../tasks/local-task-runner.js';
import { buildInfo } from './build-info.js';
import { productResourceLoaders, type ResourceLoader } from './resource-loaders.js';

export interface ServerOptions {
  /** Modules that register extra operations (`registerOperation`) in the HTTP thread and in every worker. */
  extraOperationModules?: string[];
  /** What to load before computing (the map, the geocoder); the product's loaders by default. */
  resourceLoaders?: ResourceLoader[];
  /** Lines for the operator (stdout): the listening address, a created admin account. */
  announce?: (line: string) => void;
}

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  state: ServiceState;
  /** Resolves once the resources are loaded and the service is ready; rejects if loading failed. */
  ready: Promise<void>;
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
  const limits: OperationLimits = {
    maxJobsToInsert: config.maxJobsToInsert,
    maxTimeLimitSeconds: config.maxTimeLimitSeconds,
    solveThreads: config.solveThreads,
  };
  setOperationLimits(limits);
  const announce = options.announce ?? ((line: string) => console.log(line));
  const extraOperationModules = options.extraOperationModules ?? [];
  const { authenticator, createdAdmin } = await createAuthenticator(config, announce);
  if (createdAdmin) announce(`Created account "${createdAdmin.username}" with password "${createdAdmin.password}" (shown once)`);

  const state: ServiceState = { ready: false, map: null, ...buildInfo() };
  const store = new MemoryTaskStore(config.resultTtlSeconds);
  let app: FastifyInstance | undefined;
  const pool = new DeferredPool();
  const runner = new LocalTaskRunner({
    store,
    pool,
    maxTasksPerAccount: config.maxTasksPerAccount,
    onInternalError: (taskId, error) => app?.log.error({ taskId, err: error }, 'task failed unexpectedly'),
  });
  const operations = await loadOperations(extraOperationModules);
  app = await buildApp({ config, authenticator, store, runner, pool, operations, state });
  const url = await app.listen({ host: config.host, port: config.port });
  const server = app;

  const ready = (async () => {
    const descriptors: Record<string, unknown> = {};
    const loaders = options.resourceLoaders ?? (await productResourceLoaders());
    for (const loader of loaders) {
      const { descriptor, summary } = await loader.load(config, announce);
      descriptors[loader.name] = descriptor;
      if (summary && loader.name === 'routing') state.map = summary as ServiceState['map'];
    }
    pool.resolve(
      createWorkerPool({
        workers: config.workers,
        setup: { limits, extraOperationModules, resourceModules: loaders.flatMap((loader) => (loader.workerModule ? [loader.workerModule] : [])), resources: descriptors },
        onInternalError: (operation, detail) => server.log.error({ operation, detail }, 'operation failed unexpectedly'),
      }),
    );
    state.ready = true;
  })();
  ready.catch((error: unknown) => server.log.fatal({ err: error }, 'loading failed: the service cannot compute'));

  return {
    app: server,
    url,
    state,
    ready,
    async close() {
      await server.close();
      await runner.shutdown(shutdownGraceMs);
      await pool.close();
      await store.close();
      await authenticator.close();
    },
  };
}
