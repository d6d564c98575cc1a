/**
 * The composition root: accounts, task store, worker pool, task runner and HTTP app, started in that order and
 * stopped in reverse. The server listens at once and reports ready on /health when its resources are loaded.
 * Without Redis everything lives in this process; with it (docs/scale-out.md) tasks, results and sessions are
 * shared, tasks travel through queues, and the role decides whether this process serves the API, computes
 * tasks, or both.
 */
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { createAuthenticator } from '../auth/authenticator.js';
import type { Config } from '../config.js';
import { buildApp } from '../http/app.js';
import type { MapSummary, ServiceState } from '../http/service-state.js';
import type { Operation } from '../operations/operation.js';
import { setOperationLimits, type OperationLimits } from '../operations/operation-limits.js';
import { loadOperation, operationNames } from '../operations/registry.js';
import { DeferredPool } from '../pool/deferred-pool.js';
import { createWorkerPool, type WorkerPool } from '../pool/pool.js';
import { QueuedTaskRunner } from '../queue/queued-task-runner.js';
import { registerQueueMetrics } from '../queue/queue-metrics.js';
import { TaskQueueWorker } from '../queue/task-queue-worker.js';
import { LocalTaskRunner } from '../tasks/local-task-runner.js';
import { MemoryTaskStore } from '../tasks/memory-task-store.js';
import type { TaskRunner } from '../tasks/task-runner.js';
import type { TaskStore } from '../tasks/task-store.js';
import { TileService } from '../ui/tile-service.js';
import type { ServedRoads } from '../ui/ui-routes.js';
import type { RoutingMapDescriptor } from '../routing/load/routing-map-descriptor.js';
import { buildInfo } from './build-info.js';
import { CacheKeeper } from './cache-keeper.js';
import { productResourceLoaders, type BackgroundWork, type ResourceLoader } from './resource-loaders.js';
import { connectSharedBackend, type SharedBackend } from './shared-backend.js';

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
  /**
   * Loads the map again from its file (and the resources built from it) while the old one keeps serving, then
   * switches every later request to it and releases the old one once its work is done. A reload already under
   * way is joined. The embedded service only: a scale-out process keeps its map for its life.
   */
  reloadMap(): Promise<void>;
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
  const shared = config.redis ? await connectSharedBackend({ ...config, redis: config.redis }) : undefined;
  const { authenticator, createdAdmin } = await createAuthenticator(config, announce, shared ? { sessionStore: shared.sessionStore } : {});
  if (createdAdmin) announce(`Created account "${createdAdmin.username}" with password "${createdAdmin.password}" (shown once)`);

  const state: ServiceState = { ready: false, role: config.role, map: null, ...buildInfo() };
  const roads: ServedRoads = {};
  const store: TaskStore = shared?.taskStore ?? new MemoryTaskStore(config.resultTtlSeconds);
  let app: FastifyInstance | undefined;
  const pool = new DeferredPool();
  const runner: TaskRunner = shared
    ? new QueuedTaskRunner({ store, pool, bodies: shared.bodies, queues: shared.queues, maxTasksPerAccount: config.maxTasksPerAccount })
    : new LocalTaskRunner({
        store,
        pool,
        maxTasksPerAccount: config.maxTasksPerAccount,
        onInternalError: (taskId, error) => app?.log.error({ taskId, err: error }, 'task failed unexpectedly'),
      });
  let queueWorker: TaskQueueWorker | undefined;
  const operations = await loadOperations(extraOperationModules);
  const extendMetrics = shared && ((registry: Registry) => registerQueueMetrics(registry, { queues: shared.queues, redis: shared.redis, worker: () => queueWorker }));
  app = await buildApp({ config, authenticator, store, runner, pool, operations, state, roads, ...(extendMetrics && { extendMetrics }) });
  const url = await app.listen({ host: config.host, port: config.port });
  const server = app;

  const loaders = options.resourceLoaders ?? (await productResourceLoaders());
  const loadServed = () => loadServedMap(config, { loaders, limits, extraOperationModules, announce, log: server.log });
  const cacheKeeper = new CacheKeeper({ dataDir: config.dataDir, retentionDays: config.cacheRetentionDays, log: server.log });
  let tiles: TileService | undefined;
  let backgroundWork: BackgroundWork[] = [];
  const stopBackgroundWork = () => Promise.all(backgroundWork.splice(0).map((work) => work.stop()));
  /** Makes `served` the map every later request sees; resolves once the previous map's pool has finished and closed. */
  const serve = async (served: ServedMap): Promise<void> => {
    const previousTiles = tiles;
    tiles = served.tiles;
    roads.tiles = served.tiles;
    state.map = served.summary;
    state.mapHash = typeof served.summary?.hash === 'string' ? served.summary.hash : 'none';
    await cacheKeeper.serve(served.cacheFiles);
    await pool.replace(served.pool);
    await Promise.all([previousTiles?.close(), stopBackgroundWork()]);
    backgroundWork = loaders.flatMap((loader) => loader.startBackgroundWork?.(served.descriptors[loader.name], server.log) ?? []);
  };

  const ready = (async () => {
    await serve(await loadServed());
    if (shared) {
      shared.queues.open(state.mapHash!);
      if (config.role !== 'api') queueWorker = startQueueWorker(config, shared, pool, state.mapHash!, server);
    }
    state.ready = true;
  })();
  ready.catch((error: unknown) => server.log.fatal({ err: error }, 'loading failed: the service cannot compute'));

  let reloading: Promise<void> | undefined;
  const reloadMap = (): Promise<void> => {
    if (shared) return Promise.reject(new Error('A scale-out process serves one map for its life: start processes with the new map instead (docs/scale-out.md, Maps)'));
    reloading ??= ready.then(async () => serve(await loadServed())).finally(() => {
      reloading = undefined;
    });
    return reloading;
  };

  return {
    app: server,
    url,
    state,
    ready,
    reloadMap,
    async close() {
      await server.close();
      await reloading?.catch(() => {});
      cacheKeeper.close();
      await Promise.all([tiles?.close(), stopBackgroundWork()]);
      await Promise.all([runner.shutdown(shutdownGraceMs), queueWorker?.shutdown(shutdownGraceMs)]);
      await pool.close();
      await store.close();
      await authenticator.close();
      await shared?.close();
    },
  };
}

interface ServedMap {
  pool: WorkerPool;
  /** What each loader loaded, by its name. */
  descriptors: Record<string, unknown>;
  tiles: TileService | undefined;
  summary: ServiceState['map'];
  cacheFiles: string[];
}

interface ServedMapOptions {
  loaders: ResourceLoader[];
  limits: OperationLimits;
  extraOperationModules: string[];
  announce: (line: string) => void;
  log: FastifyInstance['log'];
}

/** The map summary with each map's geocode index bytes (the geocoder loads the maps in the routing summary's order). */
function withGeocoderBytes(summary: MapSummary, bytesByMap: number[] | undefined): MapSummary {
  if (!bytesByMap) return summary;
  const maps = (summary.maps ?? [summary]).map((map, i) => ({ ...map, geocoderBytes: bytesByMap[i] }));
  return { ...summary, geocoderBytes: bytesByMap[0], ...(summary.maps && { maps }) };
}

/** Loads every resource and starts a worker pool on them; resolves once each worker can answer at full speed. */
async function loadServedMap(config: Config, options: ServedMapOptions): Promise<ServedMap> {
  const descriptors: Record<string, unknown> = {};
  let summary: ServiceState['map'] = null;
  let tiles: TileService | undefined;
  const cacheFiles: string[] = [];
  for (const loader of options.loaders) {
    const loaded = await loader.load(config, options.announce);
    descriptors[loader.name] = loaded.descriptor;
    cacheFiles.push(...(loaded.cacheFiles ?? []));
    if (loaded.summary && loader.name === 'routing') summary = loaded.summary as ServiceState['map'];
    if (summary && loader.name === 'geocoder') summary = withGeocoderBytes(summary, loaded.summary?.served_bytes as number[] | undefined);
    // Only a process serving the API serves the dispatcher's page and its tiles, those of the first map.
    const graph = loader.name === 'routing' && config.role !== 'worker' ? (loaded.descriptor as RoutingMapDescriptor[] | null)?.[0]?.maps[0]?.graph : undefined;
    if (graph) tiles = new TileService(graph);
  }
  const pool = createWorkerPool({
    workers: config.workers,
    setup: {
      limits: options.limits,
      extraOperationModules: options.extraOperationModules,
      resourceModules: options.loaders.flatMap((loader) => (loader.workerModule ? [loader.workerModule] : [])),
      resources: descriptors,
    },
    onInternalError: (operation, detail) => options.log.error({ operation, detail }, 'operation failed unexpectedly'),
  });
  await pool.started.catch(async (error: unknown) => {
    await Promise.all([pool.close(), tiles?.close()]);
    throw error;
  });
  return { pool, tiles, summary, cacheFiles, descriptors };
}

/**
 * Takes tasks from the queues of the served map. Long tasks get every task thread but one, short tasks the
 * last one, so a burst of builds never holds a short task back by more than the short tasks before it.
 */
function startQueueWorker(config: Config, shared: SharedBackend, pool: WorkerPool, mapHash: string, app: FastifyInstance): TaskQueueWorker {
  return new TaskQueueWorker({
    redisUrl: shared.redisUrl,
    store: shared.taskStore,
    bodies: shared.bodies,
    pool,
    mapHash,
    concurrency: { short: 1, long: Math.max(1, config.workers - 1) },
    lockMs: config.taskLockMs,
    log: app.log,
  });
}
