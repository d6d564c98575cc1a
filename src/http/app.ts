/**
 * The Fastify application: body parsing, errors, authentication, documentation, metrics and every route.
 * It computes nothing itself: operations run in the worker pool.
 */
import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Authenticator } from '../auth/authenticator.js';
import type { Config } from '../config.js';
import type { Registry } from 'prom-client';
import type { Operation } from '../operations/operation.js';
import type { WorkerPool } from '../pool/pool.js';
import type { TaskRunner } from '../tasks/task-runner.js';
import type { TaskStore } from '../tasks/task-store.js';
import { authChallenges } from './auth-challenge.js';
import { installAuthentication } from './authentication.js';
import { answerClientError } from './client-error.js';
import { answerRouterError, installErrorHandling } from './error-handler.js';
import { installJsonBodyParser } from './json-body.js';
import { installMetrics } from './metrics.js';
import { registerLoginRoute } from './routes/login.js';
import { registerOperationRoutes } from './routes/operations.js';
import { registerServiceRoutes } from './routes/service.js';
import { registerTaskRoutes } from './routes/tasks.js';
import type { ServiceState } from './service-state.js';
import { registerUiRoutes, type ServedRoads } from '../ui/ui-routes.js';

export interface AppDeps {
  config: Config;
  authenticator: Authenticator;
  store: TaskStore;
  runner: TaskRunner;
  pool: WorkerPool;
  operations: ReadonlyMap<string, Operation>;
  state: ServiceState;
  /** The road tiles of the dispatcher's page, once the map is loaded. */
  roads: ServedRoads;
  /** Metrics of optional parts (the queues of a scale-out process). */
  extendMetrics?: (registry: Registry) => void;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const bodyLimit = Math.floor(config.bodyLimitMb * 1024 * 1024);
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers["x-service-session-id"]', 'req.headers.cookie'] },
    bodyLimit,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerRouterError,
    clientErrorHandler: answerClientError,
  });
  // Operations validate their own bodies, collecting every fault; Fastify's validator would stop at the first.
  app.setValidatorCompiler(() => () => true);
  // Response schemas document /docs only; a serializer built from them would drop fields they do not list.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  installErrorHandling(app, bodyLimit, authChallenges(config));
  installJsonBodyParser(app);
  // Cookies are parsed only by authentication, and only when no other credentials came.
  await app.register(fastifyCookie, { hook: false });
  if (config.role !== 'worker') await registerDocs(app, deps.state.version);
  installAuthentication(app, deps.authenticator, config.metricsRequireAuth);
  const metrics = installMetrics(app, deps.store, deps.pool, deps.state, deps.extendMetrics);
  registerServiceRoutes(app, deps.state, metrics);
  // A worker process answers only its probes: clients talk to the API processes.
  if (config.role === 'worker') return app;

  const taskDeps = { store: deps.store, runner: deps.runner, redirectIntervalMs: config.redirectIntervalMs, operations: deps.operations };
  registerLoginRoute(app, deps.authenticator, config.authPrefix);
  registerTaskRoutes(app, taskDeps);
  await registerOperationRoutes(app, { ...taskDeps, pool: deps.pool });
  await registerUiRoutes(app, deps.roads);
  return app;
}

/** `/docs`: OpenAPI generated from the schemas the routes register. */
async function registerDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Fleetroute', version, description: 'Routing, route planning and geocoding' },
      components: { securitySchemes: { basic: { type: 'http', scheme: 'basic' }, bearer: { type: 'http', scheme: 'bearer' }, session: { type: 'apiKey', in: 'header', name: 'X-Service-Session-Id' } } },
      security: [{ basic: [] }, { bearer: [] }, { session: [] }],
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
}
