/**
 * One `POST /v1/<name>` per operation. The body stays bytes on the HTTP thread: it is decoded, parsed and
 * validated once, in a worker (src/pool/task-admission.ts). Synchronous operations run in the fast lane, task operations
 * through the task runner (docs/api.md, Tasks).
 */
import type { FastifyInstance } from 'fastify';
import { asBuffer } from '../../common/as-buffer.js';
import type { Operation } from '../../operations/operation.js';
import type { WorkerPool } from '../../pool/pool.js';
import { redirectView } from '../../tasks/task.js';
import { accountOf } from '../authentication.js';
import { bodyBytes, installJsonBytesBodyParser } from '../json-body.js';
import { errorResponses, resultQuery, taskRedirectSchema } from '../openapi-schemas.js';
import { answerWhenReady, queryOf, sendViews, waitQuery, type TaskAnswerDeps } from '../task-answers.js';

export interface OperationRouteDeps extends TaskAnswerDeps {
  pool: WorkerPool;
}

function registerSyncOperation(app: FastifyInstance, operation: Operation, deps: OperationRouteDeps): void {
  app.post(`/v1/${operation.name}`, { schema: operationSchema(operation) }, async (request, reply) => {
    // Not canceled when the client goes away: stopping a worker costs more than finishing a short computation.
    const result = await deps.pool.runSync(operation.name, bodyBytes(request.body), request.headers.accept);
    if ('views' in result) return sendViews(reply, operation, result.views, queryOf(request));
    const { contentType, body } = result.encoded;
    return reply.type(contentType).send(asBuffer(body));
  });
}

function registerTaskOperation(app: FastifyInstance, operation: Operation, deps: OperationRouteDeps): void {
  app.post(`/v1/${operation.name}`, { schema: operationSchema(operation) }, async (request, reply) => {
    const task = await deps.runner.submit(accountOf(request).key, operation.name, bodyBytes(request.body));
    request.log.info({ taskId: task.id, operation: operation.name }, 'task accepted');
    if (queryOf(request).wait === '1') return answerWhenReady(request, reply, task, deps);
    return redirectView(task, waitQuery(queryOf(request)));
  });
}

/** Documents the body, query and answers in /docs; the operation validates bodies with this same schema, in its worker. */
function operationSchema(operation: Operation): Record<string, unknown> {
  const result = operation.responseSchema;
  const body = operation.requestSchema;
  if (operation.kind === 'sync') {
    return { tags: ['synchronous'], body, response: { 200: result, ...errorResponses(400, 401, 415, 500, 503) } };
  }
  return {
    tags: ['tasks'],
    body,
    querystring: resultQuery(operation.viewOf !== undefined),
    response: {
      200: { description: 'the result with wait=1, else the task created', oneOf: [result, taskRedirectSchema] },
      302: { description: 'wait=1 and not ready yet: the same request again' },
      ...errorResponses(400, 401, 409, 415, 429, 500, 503),
    },
  };
}

export async function registerOperationRoutes(app: FastifyInstance, deps: OperationRouteDeps): Promise<void> {
  await app.register(async (scope) => {
    installJsonBytesBodyParser(scope);
    for (const operation of deps.operations.values()) {
      if (operation.kind === 'sync') registerSyncOperation(scope, operation, deps);
      else registerTaskOperation(scope, operation, deps);
    }
  });
}
