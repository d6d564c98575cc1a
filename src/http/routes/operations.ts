/**
 * One `POST /v1/<name>` per operation. The body is validated here, on the HTTP thread; the work runs in the pool:
 * synchronous operations in the fast lane, task operations through the task runner (extensions §2).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import type { Operation } from '../../operations/operation.js';
import type { WorkerPool } from '../../pool/pool.js';
import { redirectView } from '../../tasks/task.js';
import { accountOf } from '../authentication.js';
import { answerWhenReady, queryOf, type TaskAnswerDeps } from '../task-answers.js';

export interface OperationRouteDeps extends TaskAnswerDeps {
  pool: WorkerPool;
  /** False while the map and geocoder load: validation itself may need them (covered countries). */
  isReady: () => boolean;
}

function refuseWhileLoading(isReady: () => boolean): void {
  if (!isReady()) throw new AppError('service_unavailable_error', 'The service is still loading its map; try again shortly');
}

function registerSyncOperation(app: FastifyInstance, operation: Operation, deps: OperationRouteDeps): void {
  app.post(`/v1/${operation.name}`, { schema: operationSchema(operation) }, async (request, reply) => {
    refuseWhileLoading(deps.isReady);
    const validated = operation.validate(request.body);
    // Not canceled when the client goes away: stopping a worker costs more than finishing a short computation.
    const raw = await deps.pool.runSync(operation.name, validated);
    const result = operation.present ? operation.present(raw, queryOf(request)) : raw;
    const encoded = operation.encode?.(result, request.headers.accept);
    return encoded ? reply.type(encoded.contentType).send(encoded.body) : result;
  });
}

function registerTaskOperation(app: FastifyInstance, operation: Operation, deps: OperationRouteDeps): void {
  app.post(`/v1/${operation.name}`, { schema: operationSchema(operation) }, async (request, reply) => {
    refuseWhileLoading(deps.isReady);
    const validated = operation.validate(request.body);
    const task = await deps.runner.submit(accountOf(request).username, operation.name, validated);
    if (queryOf(request).wait === '1') return answerWhenReady(request, reply, task, deps);
    return redirectView(task);
  });
}

/** Documents the body in /docs; validation itself is the operation's, which collects every fault. */
function operationSchema(operation: Operation): Record<string, unknown> {
  const schema: Record<string, unknown> = { tags: [operation.kind === 'task' ? 'tasks' : 'synchronous'] };
  if (operation.requestSchema) schema.body = operation.requestSchema;
  return schema;
}

export function registerOperationRoutes(app: FastifyInstance, deps: OperationRouteDeps): void {
  for (const operation of deps.operations.values()) {
    if (operation.kind === 'sync') registerSyncOperation(app, operation, deps);
    else registerTaskOperation(app, operation, deps);
  }
}
