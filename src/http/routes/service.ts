/** Operations endpoints: /health (readiness), /v1/version, /metrics. /docs is mounted by the app factory. */
import type {} from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { AppError } from '../../errors.js';
import { sendError } from '../error-handler.js';
import { errorResponses } from '../openapi-schemas.js';
import type { ServiceState } from '../service-state.js';

export function registerServiceRoutes(app: FastifyInstance, state: ServiceState, metrics: Registry): void {
  app.get('/health', { schema: { hide: true } }, async (_request, reply) => {
    if (!state.ready) return sendError(reply, new AppError('service_unavailable_error', 'The service is still loading its map'));
    return { status: 'ok', role: state.role, map_hash: state.mapHash };
  });

  const versionSchema = {
    tags: ['service'],
    response: {
      200: { type: 'object', properties: { version: { type: 'string' }, build: {}, map: { type: 'object', additionalProperties: true } } },
      ...errorResponses(401),
    },
  };
  app.get('/v1/version', { schema: versionSchema }, async () => ({ version: state.version, build: state.build, map: state.map }));

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    return reply.type(metrics.contentType).send(await metrics.metrics());
  });
}
